import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@aforo/contracts/common/ids';
import {
  newReportExclusionSchema,
  reportExclusionListQuerySchema,
  reportExclusionListSchema,
  reportExclusionSchema,
  reviewReportExclusionSchema,
} from '@aforo/contracts/report-exclusions';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ReportExclusionsService } from './report-exclusions.service';

const tags = ['reports'];
// provider staff and the client's admins reach these (docs/ROLES.md); the service checks the rights
const config = { access: 'general' as const };
const params = z.object({ id: idSchema });

export function reportExclusionsRoutes(exclusions: ReportExclusionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/exclusions',
      {
        config,
        schema: {
          tags,
          summary: "The company's agreed exclusions and notes (provider staff; the client's admins)",
          querystring: reportExclusionListQuerySchema,
          response: { 200: reportExclusionListSchema, ...authErrorResponses },
        },
      },
      async (request) => exclusions.list(contextOf(request), request.query),
    );
    app.post(
      '/api/reports/exclusions',
      {
        config,
        schema: {
          tags,
          summary:
            "Exclude a point's days by agreement, or annotate them (ADMIN, CHIEF); a closed month gets a revision",
          body: newReportExclusionSchema,
          response: { 201: reportExclusionSchema, ...authErrorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await exclusions.create(contextOf(request), request.body)),
    );
    app.post(
      '/api/reports/exclusions/:id/review',
      {
        config,
        schema: {
          tags,
          summary: "The client's admin accepts or disputes an exclusion with a comment",
          params,
          body: reviewReportExclusionSchema,
          response: { 200: reportExclusionSchema, ...authErrorResponses },
        },
      },
      async (request) => exclusions.review(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/reports/exclusions/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Withdraw an exclusion or note (ADMIN, CHIEF): its days count again',
          params,
          response: { 200: reportExclusionSchema, ...authErrorResponses },
        },
      },
      async (request) => exclusions.withdraw(contextOf(request), request.params.id),
    );
  };
}
