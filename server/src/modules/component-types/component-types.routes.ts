import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  componentTypeInputSchema,
  componentTypeListQuerySchema,
  componentTypeListSchema,
  componentTypeSchema,
} from '@aforo/contracts/component-types';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ComponentTypesService } from './component-types.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['component-types'];
// reads serve the Components screen of everyone who sees components; the service checks the finer right
const read = { access: 'signedIn' as const };
const edit = { access: 'catalogue' as const };

export function componentTypesRoutes(types: ComponentTypesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/component-types',
      {
        config: read,
        schema: {
          tags,
          querystring: componentTypeListQuerySchema,
          response: { 200: componentTypeListSchema, ...errors },
        },
      },
      async (request) => types.list(contextOf(request), request.query),
    );
    app.get(
      '/api/component-types/:id',
      {
        config: read,
        schema: { tags, params: idParamsSchema, response: { 200: componentTypeSchema, ...errors } },
      },
      async (request) => types.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/component-types',
      {
        config: edit,
        schema: { tags, body: componentTypeInputSchema, response: { 201: componentTypeSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await types.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/component-types/:id',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Update; enabled=false follows the disable rule (SET1005/SET1006)',
          params: idParamsSchema,
          body: componentTypeInputSchema,
          response: { 200: componentTypeSchema, ...errors },
        },
      },
      async (request) => types.update(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/component-types/:id/enable',
      {
        config: edit,
        schema: { tags, params: idParamsSchema, response: { 200: componentTypeSchema, ...errors } },
      },
      async (request) => types.enable(contextOf(request), request.params.id),
    );
    app.post(
      '/api/component-types/:id/disable',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Only when all its components are inactive (SET1005/SET1006)',
          params: idParamsSchema,
          response: { 200: componentTypeSchema, ...errors },
        },
      },
      async (request) => types.disable(contextOf(request), request.params.id),
    );
    app.delete(
      '/api/component-types/:id',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Refused while it has components',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await types.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
