import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  pointInputSchema,
  pointListQuerySchema,
  pointListSchema,
  pointSchema,
} from '@aforo/contracts/points';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { PointsService } from './points.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['points'];
// reads and writes share the route group; the service checks monitoring.read, points.edit, favourites.edit
const config = { access: 'general' as const };

export function pointsRoutes(points: PointsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/points',
      {
        config,
        schema: { tags, querystring: pointListQuerySchema, response: { 200: pointListSchema, ...errors } },
      },
      async (request) => points.list(contextOf(request), request.query),
    );
    app.get(
      '/api/points/:id',
      { config, schema: { tags, params: idParamsSchema, response: { 200: pointSchema, ...errors } } },
      async (request) => points.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/points',
      { config, schema: { tags, body: pointInputSchema, response: { 201: pointSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await points.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/points/:id',
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          body: pointInputSchema,
          response: { 200: pointSchema, ...errors },
        },
      },
      async (request) => points.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/points/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Soft delete (refused while a device is attached)',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await points.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/api/points/:id/restore',
      { config, schema: { tags, params: idParamsSchema, response: { 200: pointSchema, ...errors } } },
      async (request) => points.restore(contextOf(request), request.params.id),
    );
    app.put(
      '/api/points/:id/favourite',
      {
        config,
        schema: {
          tags,
          summary: 'Mark as a favourite of the caller',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => points.setFavourite(contextOf(request), request.params.id, true),
    );
    app.delete(
      '/api/points/:id/favourite',
      {
        config,
        schema: {
          tags,
          summary: 'Remove from the caller’s favourites',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => points.setFavourite(contextOf(request), request.params.id, false),
    );
  };
}
