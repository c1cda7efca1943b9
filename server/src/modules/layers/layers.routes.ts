import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  layerInputSchema,
  layerListQuerySchema,
  layerListSchema,
  layerSchema,
} from '@aforo/contracts/layers';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { LayersService } from './layers.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['layers'];
// reads and writes share the route group; the service checks monitoring.read and points.edit
const config = { access: 'general' as const };

export function layersRoutes(layers: LayersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/layers',
      {
        config,
        schema: { tags, querystring: layerListQuerySchema, response: { 200: layerListSchema, ...errors } },
      },
      async (request) => layers.list(contextOf(request), request.query),
    );
    app.get(
      '/api/layers/:id',
      { config, schema: { tags, params: idParamsSchema, response: { 200: layerSchema, ...errors } } },
      async (request) => layers.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/layers',
      { config, schema: { tags, body: layerInputSchema, response: { 201: layerSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await layers.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/layers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Update; pointIds replaces the layer’s points',
          params: idParamsSchema,
          body: layerInputSchema,
          response: { 200: layerSchema, ...errors },
        },
      },
      async (request) => layers.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/layers/:id',
      {
        config,
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await layers.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
