import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  countryInputSchema,
  countryListQuerySchema,
  countryListSchema,
  countrySchema,
} from '@aforo/contracts/countries';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { CountriesService } from './countries.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['countries'];

export function countriesRoutes(countries: CountriesService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/countries',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: countryListQuerySchema,
          response: { 200: countryListSchema, ...errors },
        },
      },
      async (request) => countries.list(contextOf(request), request.query),
    );
    app.get(
      '/api/countries/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: countrySchema, ...errors } },
      },
      async (request) => countries.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/countries',
      {
        config: { access: 'system' },
        schema: { tags, body: countryInputSchema, response: { 201: countrySchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await countries.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/countries/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: countryInputSchema,
          response: { 200: countrySchema, ...errors },
        },
      },
      async (request) => countries.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/countries/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await countries.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
