import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeMonthSchema,
  closureListQuerySchema,
  closureListSchema,
  closureSchema,
  revisionParamsSchema,
  revisionQuerySchema,
  reviseResultSchema,
  revisionSchema,
} from '@aforo/contracts/report-closures';
import { idSchema } from '@aforo/contracts/common/ids';
import { z } from 'zod';
import { sendStoredFile } from '../../http/export-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { reportFileName, reportMimeType } from '../../reporting/render';
import type { ReportClosuresService } from './report-closures.service';

const tags = ['reports'];
// reports are a supervision screen (docs/ROLES.md: ADMIN, CHIEF, VIEWER); the service checks the right
const config = { access: 'supervision' as const };

export function reportClosuresRoutes(closures: ReportClosuresService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/closures',
      {
        config,
        schema: {
          tags,
          summary:
            'Closed months with their frozen revisions (the current company; provider staff any or all)',
          querystring: closureListQuerySchema,
          response: { 200: closureListSchema, ...authErrorResponses },
        },
      },
      async (request) => closures.list(contextOf(request), request.query),
    );
    app.post(
      '/api/reports/closures',
      {
        config,
        schema: {
          tags,
          summary:
            'Close an ended month (ADMIN, CHIEF): its monthly report frozen as revision 1, PDF and XLSX with ' +
            'their SHA-256; 409 RP1001 when already closed, RP1002 before it ends',
          body: closeMonthSchema,
          response: { 201: closureSchema, ...authErrorResponses },
        },
      },
      async (request, reply) => reply.code(201).send(await closures.close(contextOf(request), request.body)),
    );
    app.post(
      '/api/reports/closures/:id/revise',
      {
        config,
        schema: {
          tags,
          summary:
            "Compare a closed month's figures now (ADMIN, CHIEF), as the daily job does: a new frozen revision " +
            'when a point-day changed, else none',
          params: z.object({ id: idSchema }),
          response: { 200: reviseResultSchema, ...authErrorResponses },
        },
      },
      async (request) => closures.revise(contextOf(request), request.params.id),
    );
    app.get(
      '/api/reports/closures/:id/revisions/:n',
      {
        config,
        schema: {
          tags,
          summary:
            'One frozen revision: its report and the point-days it changed (json), or its stored PDF or XLSX, ' +
            'byte-identical to the day it was frozen',
          params: revisionParamsSchema,
          querystring: revisionQuerySchema,
          response: { 200: revisionSchema, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { revision, pdf, xlsx } = await closures.revision(ctx, request.params.id, request.params.n);
        const { format } = request.query;
        if (format === 'json') return revision;
        const name = reportFileName('monthly', revision.report, format, ctx.lang).replace(
          `.${format}`,
          `-r${revision.n}.${format}`,
        );
        return sendStoredFile(reply, name, reportMimeType(format), format === 'pdf' ? pdf : xlsx);
      },
    );
  };
}
