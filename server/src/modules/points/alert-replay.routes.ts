import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertReplayInputSchema, alertReplaySchema } from '@aforo/contracts/alert-replay';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { AlertReplayService } from './alert-replay.service';

const tags = ['points'];
// the service checks points.edit, as for saving the point
const config = { access: 'general' as const };

export function alertReplayRoutes(replay: AlertReplayService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/points/:id/alert-replay',
      {
        config,
        schema: {
          tags,
          summary: 'How many alerts the last 30 days would have raised with these thresholds and delays',
          params: idParamsSchema,
          body: alertReplayInputSchema,
          response: { 200: alertReplaySchema, ...authErrorResponses },
        },
      },
      async (request) => replay.replay(contextOf(request), request.params.id, request.body),
    );
  };
}
