import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  levelReportQuerySchema,
  levelReportSchema,
  monthlyReportQuerySchema,
  monthlyReportSchema,
  quarterlyReportQuerySchema,
  quarterlyReportSchema,
} from '@aforo/contracts/reports';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { sendFrozenFile, sendReportFile } from './report-files.routes';
import type { ReportsService } from './reports.service';

const tags = ['reports'];
// reports are a supervision screen (docs/ROLES.md: ADMIN, CHIEF, VIEWER); the service checks the right
const config = { access: 'supervision' as const };
const scope =
  ' Of the current company; provider staff: `scope=all` for the network or `scope=all&companyId` for one company.' +
  ' `format=pdf|csv|xlsx` downloads the same figures as a file.';

export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/monthly',
      {
        config,
        schema: {
          tags,
          summary: 'Monthly summary: per point the days per class, operation %, level and totals.' + scope,
          querystring: monthlyReportQuerySchema,
          response: { 200: monthlyReportSchema, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { query } = request;
        const { report, frozenFiles } = await reports.monthly(ctx, query);
        if (query.format === 'json') return report;
        // a closed month downloads its frozen files, byte-identical to what was billed
        if (frozenFiles && (query.format === 'pdf' || query.format === 'xlsx'))
          return sendFrozenFile(reply, report, query.format, frozenFiles[query.format], ctx.lang);
        return sendReportFile(reply, 'monthly', report, { ...query, format: query.format }, ctx.lang);
      },
    );
    app.get(
      '/api/reports/quarterly',
      {
        config,
        schema: {
          tags,
          summary:
            'Quarterly summary: the averages of the daily and monthly values over the quarter.' + scope,
          querystring: quarterlyReportQuerySchema,
          response: { 200: quarterlyReportSchema, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { query } = request;
        const report = await reports.quarterly(ctx, query);
        if (query.format === 'json') return report;
        return sendReportFile(reply, 'quarterly', report, { ...query, format: query.format }, ctx.lang);
      },
    );
    app.get(
      '/api/reports/level',
      {
        config,
        schema: {
          tags,
          summary:
            'Level summary: per point and day the minimum, maximum and mean. The list takes 2 months (DR1001), a ' +
            'download a year (DR1000); `format=zip` gives the daily levels CSV and the summary XLSX together.' +
            scope,
          querystring: levelReportQuerySchema,
          response: { 200: levelReportSchema, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { query } = request;
        const report = await reports.level(ctx, query);
        if (query.format === 'json') return report;
        return sendReportFile(reply, 'level', report, { ...query, format: query.format }, ctx.lang);
      },
    );
  };
}
