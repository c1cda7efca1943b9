import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  companyInputSchema,
  companyListQuerySchema,
  companyListSchema,
  companySchema,
} from '@aforo/contracts/companies';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { CompaniesService } from './companies.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['companies'];

export function companiesRoutes(companies: CompaniesService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/companies',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: companyListQuerySchema,
          response: { 200: companyListSchema, ...errors },
        },
      },
      async (request) => companies.list(contextOf(request), request.query),
    );
    app.get(
      '/api/companies/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: companySchema, ...errors } },
      },
      async (request) => companies.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/companies',
      {
        config: { access: 'system' },
        schema: { tags, body: companyInputSchema, response: { 201: companySchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await companies.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/companies/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: companyInputSchema,
          response: { 200: companySchema, ...errors },
        },
      },
      async (request) => companies.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/companies/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await companies.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/api/companies/:id/restore',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: companySchema, ...errors } },
      },
      async (request) => companies.restore(contextOf(request), request.params.id),
    );
  };
}
