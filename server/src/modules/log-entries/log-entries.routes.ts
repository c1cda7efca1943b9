import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logEntryListQuerySchema, logEntryListSchema } from '@aforo/contracts/log-entries';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { LogEntriesService } from './log-entries.service';

export function logEntriesRoutes(logEntries: LogEntriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/log-entries',
      {
        config: { access: 'general' },
        schema: {
          tags: ['history'],
          summary: 'History of changes, newest first, filtered by entity, user and date range',
          querystring: logEntryListQuerySchema,
          response: { 200: logEntryListSchema, ...authErrorResponses },
        },
      },
      async (request) => logEntries.list(contextOf(request), request.query),
    );
  };
}
