import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  measureExportQuerySchema,
  measureListQuerySchema,
  measureListSchema,
} from '@aforo/contracts/measures';
import { csvExportResponse, sendCsv } from '../../http/csv-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import {
  measureBucketCsvHeader,
  measureCsvHeader,
  toMeasureBucketCsv,
  toMeasureCsv,
} from './measures.mapper';
import type { MeasuresService } from './measures.service';

const tags = ['measures'];
// measures are a Technical Operation screen (docs/ROLES.md: ADMIN, ADMIN_CLIENTE, CHIEF, CHIEF_CLIENTE,
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
          summary:
            'The measures of the list filters as CSV, streamed: every one, or with `frequency` their ' +
            "count, failed, min, avg, max and last per point, port and bucket of the company's local time",
          querystring: measureExportQuerySchema,
          response: { 200: csvExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const { frequency, separator } = query;
        if (frequency === undefined) {
          const batches = await measures.export(contextOf(request), query);
          const csv = { header: measureCsvHeader, cells: toMeasureCsv, batches, separator };
          return sendCsv(reply, { filename: 'measures.csv', ...csv });
        }
        const batches = await measures.exportBuckets(contextOf(request), { ...query, frequency });
        const csv = { header: measureBucketCsvHeader, cells: toMeasureBucketCsv, batches, separator };
        return sendCsv(reply, { filename: `measures-${frequency}s.csv`, ...csv });
      },
    );
  };
}
