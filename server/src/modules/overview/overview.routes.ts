import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  overviewCompaniesQuerySchema,
  overviewCompaniesSchema,
  overviewQuerySchema,
  overviewSchema,
} from '@aforo/contracts/overview';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { OverviewService } from './overview.service';

const tags = ['overview'];
// Overview is in the general route group (docs/ROLES.md); the service checks the finer rights
const config = { access: 'general' as const };

export function overviewRoutes(overview: OverviewService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/overview',
      {
        config,
        schema: {
          tags,
          summary:
            'The current company at a glance: points by level, open alerts, transmission; provider staff: the network with scope=all',
          querystring: overviewQuerySchema,
          response: { 200: overviewSchema, ...authErrorResponses },
        },
      },
      async (request) => overview.get(contextOf(request), request.query),
    );
    app.get(
      '/api/overview/companies',
      {
        config,
        schema: {
          tags,
          summary: 'Provider staff: every company of the network at a glance',
          querystring: overviewCompaniesQuerySchema,
          response: { 200: overviewCompaniesSchema, ...authErrorResponses },
        },
      },
      async (request) => overview.companies(contextOf(request), request.query),
    );
  };
}
