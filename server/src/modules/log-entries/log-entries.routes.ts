import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  logEntryExportQuerySchema,
  logEntryListQuerySchema,
  logEntryListSchema,
} from '@aforo/contracts/log-entries';
import { csvExportResponse, sendCsv } from '../../http/csv-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { logEntryCsvHeader, toLogEntryCsv } from './log-entries.mapper';
import type { LogEntriesService } from './log-entries.service';

const tags = ['history'];

export function logEntriesRoutes(logEntries: LogEntriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/log-entries',
      {
        config: { access: 'general' },
        schema: {
          tags,
          summary: 'History of changes, newest first, filtered by entity, user and date range',
          querystring: logEntryListQuerySchema,
          response: { 200: logEntryListSchema, ...authErrorResponses },
        },
      },
      async (request) => logEntries.list(contextOf(request), request.query),
    );
    app.get(
      '/api/log-entries/export',
      {
        config: { access: 'general' },
        schema: {
          tags,
          summary: 'Every history entry of the list filters as CSV, streamed',
          querystring: logEntryExportQuerySchema,
          response: { 200: csvExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) =>
        sendCsv(reply, {
          filename: 'log-entries.csv',
          header: logEntryCsvHeader,
          cells: toLogEntryCsv,
          batches: logEntries.export(contextOf(request), request.query),
          separator: request.query.separator,
        }),
    );
  };
}
