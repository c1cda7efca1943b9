import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  notificationDeliveryListQuerySchema,
  notificationDeliveryListSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationReadAllSchema,
  notificationSchema,
} from '@aforo/contracts/notifications';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { NotificationsService } from './notifications.service';

const errors = authErrorResponses;
const tags = ['notifications'];
// one's own notifications: anyone signed in (a config may name any role of the company)
const mine = { access: 'signedIn' as const };

export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        config: mine,
        schema: {
          tags,
          summary: 'My in-app notifications in the current company, newest first, with the unread count',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errors },
        },
      },
      async (request) => service.list(contextOf(request), request.query),
    );
    app.post(
      '/api/notifications/:id/read',
      {
        config: mine,
        schema: { tags, params: idParamsSchema, response: { 200: notificationSchema, ...errors } },
      },
      async (request) => service.read(contextOf(request), request.params.id),
    );
    app.post(
      '/api/notifications/read-all',
      {
        config: mine,
        schema: { tags, response: { 200: notificationReadAllSchema, ...errors } },
      },
      async (request) => service.readAll(contextOf(request)),
    );
    app.get(
      '/api/notifications/preferences',
      {
        config: mine,
        schema: {
          tags,
          summary: 'My quiet hours in the current company (its time zone); null: none',
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.preferences(contextOf(request)),
    );
    app.put(
      '/api/notifications/preferences',
      {
        config: mine,
        schema: {
          tags,
          summary:
            'Set my quiet hours: WARNING-level notifications wait and come as one digest when they end',
          body: notificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema, ...errors },
        },
      },
      async (request) => service.setPreferences(contextOf(request), request.body),
    );
    app.get(
      '/api/notification-deliveries',
      {
        config: { access: 'accounts' as const },
        schema: {
          tags,
          summary: "Every delivery of the company's notifications (per recipient and channel), newest first",
          querystring: notificationDeliveryListQuerySchema,
          response: { 200: notificationDeliveryListSchema, ...errors },
        },
      },
      async (request) => service.deliveries(contextOf(request), request.query),
    );
  };
}
