import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  measureExportQuerySchema,
  measureListQuerySchema,
  measureListSchema,
} from '@aforo/contracts/measures';
import { csvExportResponse, sendCsv } from '../../http/csv-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { measureCsvHeader, toMeasureCsv } from './measures.mapper';
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
    app.get(
      '/api/measures/export',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every measure of the list filters as CSV, streamed (the list pages at most 1000 rows)',
          querystring: measureExportQuerySchema,
          response: { 200: csvExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const batches = await measures.export(contextOf(request), request.query);
        return sendCsv(reply, {
          filename: 'measures.csv',
          header: measureCsvHeader,
          cells: toMeasureCsv,
          batches,
          separator: request.query.separator,
        });
      },
    );
  };
}
