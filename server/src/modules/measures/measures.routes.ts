import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { measureListQuerySchema, measureListSchema } from '@aforo/contracts/measures';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { MeasuresService } from './measures.service';

const tags = ['measures'];
// measures are a Technical Operation screen (spec §6: ADMIN, ADMIN_CLIENTE, CHIEF, CHIEF_CLIENTE,
// USER, VIEWER = the general group); the service checks monitoring.read and the company scope
const read = { access: 'general' as const };

export function measuresRoutes(measures: MeasuresService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/measures',
      {
        config: read,
        schema: {
          tags,
          summary: 'Measures of one point or one device in a time range (default: the last 24 h)',
          querystring: measureListQuerySchema,
          response: { 200: measureListSchema, ...authErrorResponses },
        },
      },
      async (request) => measures.list(contextOf(request), request.query),
    );
  };
}
