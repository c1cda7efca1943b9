import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema, idSchema } from '@aforo/contracts/common/ids';
import {
  componentActions,
  componentInputSchema,
  componentInstallSchema,
  componentListQuerySchema,
  componentListSchema,
  componentSchema,
} from '@aforo/contracts/components';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ComponentsService } from './components.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['components'];
const read = { access: 'general' as const };
// operations are provider work (ADMIN, CHIEF); the service checks the finer rights
const operate = { access: 'catalogue' as const };
const actionParamsSchema = z.object({ id: idSchema, action: z.enum(componentActions) });

export function componentsRoutes(components: ComponentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/components',
      {
        config: read,
        schema: {
          tags,
          summary: 'Provider staff: all; company users: those installed at their points',
          querystring: componentListQuerySchema,
          response: { 200: componentListSchema, ...errors },
        },
      },
      async (request) => components.list(contextOf(request), request.query),
    );
    app.get(
      '/api/components/:id',
      {
        config: read,
        schema: { tags, params: idParamsSchema, response: { 200: componentSchema, ...errors } },
      },
      async (request) => components.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/components',
      {
        config: operate,
        schema: { tags, body: componentInputSchema, response: { 201: componentSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await components.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/components/:id',
      {
        config: operate,
        schema: {
          tags,
          summary: 'Only while Inactive',
          params: idParamsSchema,
          body: componentInputSchema,
          response: { 200: componentSchema, ...errors },
        },
      },
      async (request) => components.update(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/components/:id/install',
      {
        config: operate,
        schema: {
          tags,
          summary: 'Fit to the device at the point; force replaces one of the same type already there',
          params: idParamsSchema,
          body: componentInstallSchema,
          response: { 200: componentSchema, ...errors },
        },
      },
      async (request) => components.install(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/components/:id/:action',
      {
        config: operate,
        schema: {
          tags,
          summary: 'uninstall, decommission (ADMIN), reincorporate',
          params: actionParamsSchema,
          response: { 200: componentSchema, ...errors },
        },
      },
      async (request) => components.act(contextOf(request), request.params.id, request.params.action),
    );
    app.delete(
      '/api/components/:id',
      {
        config: operate,
        schema: {
          tags,
          summary: 'Only while Inactive',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await components.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
