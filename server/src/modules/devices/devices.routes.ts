import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  deviceActionParamsSchema,
  deviceActionSchema,
  deviceChangeStateSchema,
  deviceInputSchema,
  deviceInstallSchema,
  deviceKeySchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceSchema,
  deviceStateHistorySchema,
} from '@aforo/contracts/devices';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { DevicesService } from './devices.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['devices'];
const read = { access: 'general' as const };
// operations are provider work (ADMIN, CHIEF); the service checks the finer rights
const operate = { access: 'catalogue' as const };
// an action may be posted without a body: it means "no reason, no options"
const actionBody = z.preprocess((v) => v ?? {}, deviceActionSchema);

export function devicesRoutes(devices: DevicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/devices',
      {
        config: read,
        schema: { tags, querystring: deviceListQuerySchema, response: { 200: deviceListSchema, ...errors } },
      },
      async (request) => devices.list(contextOf(request), request.query),
    );
    app.get(
      '/api/devices/:id',
      { config: read, schema: { tags, params: idParamsSchema, response: { 200: deviceSchema, ...errors } } },
      async (request) => devices.get(contextOf(request), request.params.id),
    );
    app.get(
      '/api/devices/:id/state-history',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every state change: who, when, why, at which point',
          params: idParamsSchema,
          response: { 200: deviceStateHistorySchema, ...errors },
        },
      },
      async (request) => devices.stateHistory(contextOf(request), request.params.id),
    );
    app.post(
      '/api/devices',
      {
        config: operate,
        schema: { tags, body: deviceInputSchema, response: { 201: deviceSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await devices.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/devices/:id',
      {
        config: operate,
        schema: {
          tags,
          params: idParamsSchema,
          body: deviceInputSchema,
          response: { 200: deviceSchema, ...errors },
        },
      },
      async (request) => devices.update(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/devices/:id/install',
      {
        config: operate,
        schema: {
          tags,
          summary:
            'Install at a point of the device’s company (Inactive or Repaired → Active), optionally configuring the point',
          params: idParamsSchema,
          body: deviceInstallSchema,
          response: { 200: deviceSchema, ...errors },
        },
      },
      async (request) => devices.install(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/devices/:id/uninstall',
      {
        config: operate,
        schema: {
          tags,
          summary: 'Leave the point (→ Inactive); the point keeps its history',
          params: idParamsSchema,
          body: actionBody,
          response: { 200: deviceSchema, ...errors },
        },
      },
      async (request) => devices.uninstall(contextOf(request), request.params.id, request.body.reason),
    );
    app.post(
      '/api/devices/:id/change-state',
      {
        // every signed-in role reaches the service, which answers 404 for a device the caller cannot
        // see before it checks the right (ADMIN): another company's device is never confirmed
        config: read,
        schema: {
          tags,
          summary: 'ADMIN: correct the state to one the transition table allows, with a reason',
          params: idParamsSchema,
          body: deviceChangeStateSchema,
          response: { 200: deviceSchema, ...errors },
        },
      },
      async (request) => devices.changeState(contextOf(request), request.params.id, request.body),
    );
    app.post(
      '/api/devices/:id/restore',
      {
        config: operate,
        schema: { tags, params: idParamsSchema, response: { 200: deviceSchema, ...errors } },
      },
      async (request) => devices.restore(contextOf(request), request.params.id),
    );
    app.post(
      '/api/devices/:id/key',
      {
        config: operate,
        schema: {
          tags,
          summary: 'A new device key, shown only in this answer',
          params: idParamsSchema,
          response: { 200: deviceKeySchema, ...errors },
        },
      },
      async (request) => devices.regenerateKey(contextOf(request), request.params.id),
    );
    app.post(
      '/api/devices/:id/:action',
      {
        config: operate,
        schema: {
          tags,
          summary: 'review, assign, request-maintenance, maintenance, repaired, turn-off, decommission',
          params: deviceActionParamsSchema,
          body: actionBody,
          response: { 200: deviceSchema, ...errors },
        },
      },
      async (request) =>
        devices.act(contextOf(request), request.params.id, request.params.action, request.body),
    );
    app.delete(
      '/api/devices/:id',
      {
        config: operate,
        schema: {
          tags,
          summary: 'Soft delete',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await devices.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.delete(
      '/api/devices/:id/hard',
      {
        config: { access: 'system' },
        schema: {
          tags,
          summary: 'Delete for good (ADMIN; no point, no measures)',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await devices.hardDelete(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
