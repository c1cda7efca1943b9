import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
  provisioningKeySchema,
} from '@aforo/contracts/products';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ProductsService } from './products.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['products'];

export function productsRoutes(products: ProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/products',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: productListQuerySchema,
          response: { 200: productListSchema, ...errors },
        },
      },
      async (request) => products.list(contextOf(request), request.query),
    );
    app.get(
      '/api/products/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: productSchema, ...errors } },
      },
      async (request) => products.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/products',
      {
        config: { access: 'catalogue' },
        schema: { tags, body: productInputSchema, response: { 201: productSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await products.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/products/:id',
      {
        config: { access: 'catalogue' },
        schema: {
          tags,
          params: idParamsSchema,
          body: productInputSchema,
          response: { 200: productSchema, ...errors },
        },
      },
      async (request) => products.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/products/:id',
      {
        config: { access: 'catalogue' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await products.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    // self-registration: the key is shown once here; only its sha256 is stored
    app.post(
      '/api/products/:id/provisioning-key',
      {
        config: { access: 'catalogue' },
        schema: { tags, params: idParamsSchema, response: { 200: provisioningKeySchema, ...errors } },
      },
      async (request) => products.generateProvisioningKey(contextOf(request), request.params.id),
    );
    app.delete(
      '/api/products/:id/provisioning-key',
      {
        config: { access: 'catalogue' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await products.revokeProvisioningKey(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
