import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  brandInputSchema,
  brandListQuerySchema,
  brandListSchema,
  brandSchema,
} from '@aforo/contracts/brands';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { BrandsService } from './brands.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['brands'];

export function brandsRoutes(brands: BrandsService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/brands',
      {
        config: { access: 'signedIn' },
        schema: { tags, querystring: brandListQuerySchema, response: { 200: brandListSchema, ...errors } },
      },
      async (request) => brands.list(contextOf(request), request.query),
    );
    app.get(
      '/api/brands/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: brandSchema, ...errors } },
      },
      async (request) => brands.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/brands',
      {
        config: { access: 'system' },
        schema: { tags, body: brandInputSchema, response: { 201: brandSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await brands.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/brands/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: brandInputSchema,
          response: { 200: brandSchema, ...errors },
        },
      },
      async (request) => brands.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/brands/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await brands.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
