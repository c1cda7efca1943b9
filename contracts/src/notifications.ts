/**
 * Notifications (docs/ALERTS.md): what reached a person about an alert, and how each delivery went.
 * - GET /api/notifications: mine (in-app) in the current company, newest first, with the unread count;
 *   POST /api/notifications/{id}/read and /api/notifications/read-all.
 * - GET /api/notification-deliveries: every delivery of the company (per recipient and channel:
 *   queued, sent, failed + reason, attempts) for its admins.
 * - GET/PUT /api/notifications/preferences: my quiet hours in the company's local time.
 */
import { z } from 'zod';
import { alertTypes } from './alert-types';
import { alertLevels } from './constants';
import { idSchema } from './common/ids';
import { listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryBoolean, queryDate, safeText } from './common/text';
import { notificationChannels } from './notification-configs';

/** firing: an alert opened; resolved: it cleared; escalation: still unacknowledged; digest: what quiet hours held; incident: an outage. */
export const notificationKinds = ['firing', 'resolved', 'escalation', 'digest', 'incident', 'api_usage'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.enum(notificationKinds),
  /** The alert it is about (null for digests and incidents, whose `alerts` list them). */
  alertId: idSchema.nullable(),
  pointId: idSchema.nullable(),
  pointName: z.string().nullable(),
  type: z.enum(alertTypes).nullable(),
  level: z.enum(alertLevels).nullable(),
  /** Text in the recipient's language at the time it was made. */
  title: z.string(),
  body: z.string(),
  /** Digest: the alerts it gathers. */
  alerts: z.array(idSchema),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pagedListQuerySchema.omit({ search: true, order: true }).extend({
  unread: queryBoolean,
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export const notificationListSchema = listResponseSchema(notificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read-all: how many were unread. */
export const notificationReadAllSchema = z.object({ changed: z.number().int() });
export type NotificationReadAll = z.infer<typeof notificationReadAllSchema>;

export const deliveryStatuses = ['queued', 'held', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const notificationDeliverySchema = z.object({
  id: idSchema,
  configId: idSchema.nullable(),
  configName: z.string().nullable(),
  notificationId: idSchema.nullable(),
  alertId: idSchema.nullable(),
  channel: z.enum(notificationChannels),
  /** A user's name and e-mail, or the webhook URL. */
  recipient: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Why it waits: quiet hours (until), an outage, the next retry. */
  notBefore: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

export const notificationDeliveryListQuerySchema = pagedListQuerySchema
  .omit({ search: true, order: true })
  .extend({
    configId: idSchema.optional(),
    alertId: idSchema.optional(),
    channel: z.enum(notificationChannels).optional(),
    status: z.enum(deliveryStatuses).optional(),
    from: queryDate,
    to: queryDate,
  });
export type NotificationDeliveryListQuery = z.infer<typeof notificationDeliveryListQuerySchema>;
export const notificationDeliveryListSchema = listResponseSchema(notificationDeliverySchema);

/** HH:MM, 24 h. */
const clock = safeText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid' });
/** Quiet hours in the company's local time; `from` after `to` crosses midnight (22:00 → 07:00). */
export const quietHoursSchema = z
  .object({ from: clock, to: clock })
  .refine((q) => q.from !== q.to, { message: 'invalid', path: ['to'] });
export const notificationPreferencesSchema = z.object({
  quietHours: quietHoursSchema.nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
