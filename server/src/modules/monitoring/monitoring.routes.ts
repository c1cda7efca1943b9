import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monitoringListSchema, monitoringQuerySchema } from '@aforo/contracts/monitoring';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { MonitoringService } from './monitoring.service';

const tags = ['monitoring'];
// Monitoring is in the general route group (docs/ROLES.md); the service checks monitoring.read
const config = { access: 'general' as const };

export function monitoringRoutes(monitoring: MonitoringService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/monitoring',
      {
        config,
        schema: {
          tags,
          summary: 'Every live point with its latest reading, trend and level; favourites first',
          querystring: monitoringQuerySchema,
          response: { 200: monitoringListSchema, ...authErrorResponses },
        },
      },
      async (request) => monitoring.list(contextOf(request), request.query),
    );
  };
}
