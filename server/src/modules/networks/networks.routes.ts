import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  networkInputSchema,
  networkListQuerySchema,
  networkListSchema,
  networkSchema,
} from '@aforo/contracts/networks';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { NetworksService } from './networks.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['networks'];

export function networksRoutes(networks: NetworksService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/networks',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: networkListQuerySchema,
          response: { 200: networkListSchema, ...errors },
        },
      },
      async (request) => networks.list(contextOf(request), request.query),
    );
    app.get(
      '/api/networks/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: networkSchema, ...errors } },
      },
      async (request) => networks.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/networks',
      {
        config: { access: 'system' },
        schema: { tags, body: networkInputSchema, response: { 201: networkSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await networks.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/networks/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: networkInputSchema,
          response: { 200: networkSchema, ...errors },
        },
      },
      async (request) => networks.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/networks/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await networks.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
