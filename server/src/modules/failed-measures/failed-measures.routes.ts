import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  failedMeasureDetailSchema,
  failedMeasureExportQuerySchema,
  failedMeasureListQuerySchema,
  failedMeasureListSchema,
} from '@aforo/contracts/failed-measures';
import { csvExportResponse, sendCsv } from '../../http/csv-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { failedMeasureCsvHeader, toFailedMeasureCsv } from './failed-measures.mapper';
import type { FailedMeasuresService } from './failed-measures.service';

const tags = ['measures-failed'];
// docs/ROLES.md: measures-failed is for ADMIN, CHIEF and VIEWER (the supervision group); the rows have no
// company, so client roles never reach them
const read = { access: 'supervision' as const };

export function failedMeasuresRoutes(failedMeasures: FailedMeasuresService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/measures-failed',
      {
        config: read,
        schema: {
          tags,
          summary: 'Refused messages and measures, newest first',
          querystring: failedMeasureListQuerySchema,
          response: { 200: failedMeasureListSchema, ...authErrorResponses },
        },
      },
      async (request) => failedMeasures.list(contextOf(request), request.query),
    );
    // before /:id in the file for readers; the router prefers the static segment anyway
    app.get(
      '/api/measures-failed/export',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every refused message of the list filters as CSV (no payloads), streamed',
          querystring: failedMeasureExportQuerySchema,
          response: { 200: csvExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) =>
        sendCsv(reply, {
          filename: 'measures-failed.csv',
          header: failedMeasureCsvHeader,
          cells: toFailedMeasureCsv,
          batches: failedMeasures.export(contextOf(request), request.query),
          separator: request.query.separator,
        }),
    );
    app.get(
      '/api/measures-failed/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'One refused message with its raw payload (first 4 KB)',
          params: idParamsSchema,
          response: { 200: failedMeasureDetailSchema, ...authErrorResponses },
        },
      },
      async (request) => failedMeasures.get(contextOf(request), request.params.id),
    );
  };
}
