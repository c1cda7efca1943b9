import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  measureExportQuerySchema,
  measureListQuerySchema,
  measureListSchema,
} from '@aforo/contracts/measures';
import { sendTableExport, tableExportResponse } from '../../http/export-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { zoneClock } from '../../lib/zone-clock';
import { measureBucketColumns, measureColumns, measureSheetName } from './measures-export.mapper';
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
            'The measures of the list filters as CSV or XLSX, streamed: every one, or with `frequency` ' +
            "their count, failed, min, avg, max and last per point, port and bucket of the company's local time",
          querystring: measureExportQuerySchema,
          response: { 200: tableExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const ctx = contextOf(request);
        const { frequency, format, separator, decimal } = query;
        const sheetName = measureSheetName(ctx.lang);
        if (frequency === undefined) {
          const { timeZone, batches } = await measures.export(ctx, query);
          const columns = measureColumns(ctx.lang, timeZone);
          const table = { sheetName, columns, batches, clock: zoneClock(timeZone) };
          return sendTableExport(reply, table, { filename: 'measures', format, separator, decimal });
        }
        const { timeZone, batches } = await measures.exportBuckets(ctx, { ...query, frequency });
        const columns = measureBucketColumns(ctx.lang, timeZone);
        const table = { sheetName, columns, batches, clock: zoneClock(timeZone) };
        const filename = `measures-${frequency}s`;
        return sendTableExport(reply, table, { filename, format, separator, decimal });
      },
    );
  };
}
