import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { riverLevelSchema } from '@aforo/contracts/river-level';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { RiverLevelService } from './river-level.service';

// shown on the dashboard, so any signed-in user; the service checks dashboard.read and the point
const config = { access: 'signedIn' as const };

export function riverLevelRoutes(riverLevel: RiverLevelService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/points/:id/river-level',
      {
        config,
        schema: {
          tags: ['points'],
          summary: 'River-level widget: latest value against ground, bands, typical range, record, trend',
          params: idParamsSchema,
          response: { 200: riverLevelSchema, ...authErrorResponses },
        },
      },
      async (request) => riverLevel.get(contextOf(request), request.params.id),
    );
  };
}
