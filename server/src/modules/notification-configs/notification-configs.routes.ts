import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  notificationConfigInputSchema,
  notificationConfigListQuerySchema,
  notificationConfigListSchema,
  notificationConfigSchema,
} from '@aforo/contracts/notification-configs';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { NotificationConfigsService } from './notification-configs.service';

const errors = authErrorResponses;
const tags = ['notification-configs'];
// Accounts → notifications (docs/ROLES.md: ADMIN, ADMIN_CLIENTE); the service checks notifications.manage
const config = { access: 'accounts' as const };

export function notificationConfigsRoutes(configs: NotificationConfigsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notification-configs',
      {
        config,
        schema: {
          tags,
          summary: "The current company's notification configs",
          querystring: notificationConfigListQuerySchema,
          response: { 200: notificationConfigListSchema, ...errors },
        },
      },
      async (request) => configs.list(contextOf(request), request.query),
    );
    app.get(
      '/api/notification-configs/:id',
      {
        config,
        schema: { tags, params: idParamsSchema, response: { 200: notificationConfigSchema, ...errors } },
      },
      async (request) => configs.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/notification-configs',
      {
        config,
        schema: {
          tags,
          summary: 'Create (≥ 1 alert type, ≥ 1 role or user); the webhook secret is made here',
          body: notificationConfigInputSchema,
          response: { 201: notificationConfigSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await configs.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/notification-configs/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Update (the webhook secret stays)',
          params: idParamsSchema,
          body: notificationConfigInputSchema,
          response: { 200: notificationConfigSchema, ...errors },
        },
      },
      async (request) => configs.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/notification-configs/:id',
      { config, schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } } },
      async (request) => {
        await configs.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
