import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  modelInputSchema,
  modelListQuerySchema,
  modelListSchema,
  modelSchema,
} from '@aforo/contracts/models';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ModelsService } from './models.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['models'];

export function modelsRoutes(models: ModelsService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/models',
      {
        config: { access: 'signedIn' },
        schema: { tags, querystring: modelListQuerySchema, response: { 200: modelListSchema, ...errors } },
      },
      async (request) => models.list(contextOf(request), request.query),
    );
    app.get(
      '/api/models/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: modelSchema, ...errors } },
      },
      async (request) => models.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/models',
      {
        config: { access: 'system' },
        schema: { tags, body: modelInputSchema, response: { 201: modelSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await models.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/models/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: modelInputSchema,
          response: { 200: modelSchema, ...errors },
        },
      },
      async (request) => models.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/models/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await models.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
