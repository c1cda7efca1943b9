import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailySummariesQuerySchema, dailySummariesSchema } from '@aforo/contracts/daily-summaries';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { DailySummariesService } from './daily-summaries.service';

const tags = ['reports'];
// reports are a supervision screen (docs/ROLES.md: ADMIN, CHIEF, VIEWER); the service checks the right
const config = { access: 'supervision' as const };

export function dailySummariesRoutes(summaries: DailySummariesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/daily-summaries',
      {
        config,
        schema: {
          tags,
          summary:
            "A point's daily summaries over local days from..to (at most a year: DR1000): per series and day " +
            'the counts, min/max with their times, mean, first/last, and the class with its reason',
          querystring: dailySummariesQuerySchema,
          response: { 200: dailySummariesSchema, ...authErrorResponses },
        },
      },
      async (request) => summaries.list(contextOf(request), request.query),
    );
  };
}
