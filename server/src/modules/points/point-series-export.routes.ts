import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { pointSeriesExportQuerySchema } from '@aforo/contracts/point-series-export';
import { sendTableExport, tableExportResponse } from '../../http/export-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { PointSeriesExportService } from './point-series-export.service';

// the chart's own route group; the series service checks monitoring.read
const config = { access: 'general' as const };

export function pointSeriesExportRoutes(exports: PointSeriesExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/points/:id/series/export',
      {
        config,
        schema: {
          tags: ['points'],
          summary:
            'What the chart shows as CSV or XLSX: the rows of GET /api/points/{id}/series for the same ' +
            'port, range and buckets, without the gap rows',
          params: idParamsSchema,
          querystring: pointSeriesExportQuerySchema,
          response: { 200: tableExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const { format, separator, decimal } = request.query;
        const { table, filename } = await exports.table(contextOf(request), request.params.id, request.query);
        return sendTableExport(reply, table, { filename, format, separator, decimal });
      },
    );
  };
}
