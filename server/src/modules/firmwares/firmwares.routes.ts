import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  firmwareInputSchema,
  firmwareListQuerySchema,
  firmwareListSchema,
  firmwareSchema,
} from '@aforo/contracts/firmwares';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { FirmwaresService } from './firmwares.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['firmwares'];

export function firmwaresRoutes(firmwares: FirmwaresService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/firmwares',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: firmwareListQuerySchema,
          response: { 200: firmwareListSchema, ...errors },
        },
      },
      async (request) => firmwares.list(contextOf(request), request.query),
    );
    app.get(
      '/api/firmwares/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: firmwareSchema, ...errors } },
      },
      async (request) => firmwares.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/firmwares',
      {
        config: { access: 'catalogue' },
        schema: { tags, body: firmwareInputSchema, response: { 201: firmwareSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await firmwares.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/firmwares/:id',
      {
        config: { access: 'catalogue' },
        schema: {
          tags,
          params: idParamsSchema,
          body: firmwareInputSchema,
          response: { 200: firmwareSchema, ...errors },
        },
      },
      async (request) => firmwares.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/firmwares/:id',
      {
        config: { access: 'catalogue' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await firmwares.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
