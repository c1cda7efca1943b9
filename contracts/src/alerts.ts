/** Alerts (docs/ALERTS.md): the list, one alert, and the operator's actions on them. */
import { z } from 'zod';
import { alertGroups, alertTypes } from './alert-types';
import { idSchema } from './common/ids';
import { networkScopeQuery, networkScopeSchema, rowCompanySchema } from './common/network-scope';
import { listResponseSchema, pagedListQuerySchema } from './common/paging';
import { isDateInRange, optionalText, queryDate, requiredText, safeText } from './common/text';
import { alertLevels } from './constants';
import { notificationDeliverySchema, notificationKinds } from './notifications';

/**
 * Lifecycle (ThingsBoard's four, docs/ALERTS.md): `open` (active, unacknowledged) → `acknowledged`
 * (active) → `cleared` (gone and acknowledged); cleared before anyone acknowledged it, it stays listed
 * as `cleared_unacknowledged` until someone does. Shelving is beside the state: no notifications until.
 */
export const alertStates = ['open', 'acknowledged', 'cleared_unacknowledged', 'cleared'] as const;
export type AlertState = (typeof alertStates)[number];
/** List filter: one state, or every active one, or the ones needing an operator (open + cleared unacknowledged). */
export const alertStateFilters = [...alertStates, 'active', 'unacknowledged'] as const;

export const alertOrderFields = ['opened_at', 'last_at', 'level'] as const;

export const alertListQuerySchema = pagedListQuerySchema.omit({ search: true }).extend({
  order: z.enum(alertOrderFields).default('opened_at'),
  pointId: idSchema.optional(),
  level: z.enum(alertLevels).exclude(['OK']).optional(),
  type: z.enum(alertTypes).optional(),
  group: z.enum(alertGroups).optional(),
  state: z.enum(alertStateFilters).optional(),
  /** Opened at or after / at or before. */
  from: queryDate,
  to: queryDate,
  /** Provider staff: every company's alerts (`scope=all`), or one company's (docs/WEB.md). */
  ...networkScopeQuery,
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

const actorSchema = z.object({ id: idSchema, name: z.string() }).nullable();

export const alertSchema = z.object({
  id: idSchema,
  /** The point's company (a network-wide list mixes them). */
  ...rowCompanySchema.shape,
  pointId: idSchema,
  pointName: z.string(),
  port: z.string().nullable(),
  /** The point's unit: values below are in it. */
  unit: z.string(),
  deviceId: idSchema.nullable(),
  deviceSerial: z.string().nullable(),
  type: z.enum(alertTypes),
  group: z.enum(alertGroups),
  level: z.enum(alertLevels),
  /** The level's colour (docs/ALERTS.md). */
  colour: z.string(),
  state: z.enum(alertStates),
  active: z.boolean(),
  openedAt: z.iso.datetime({ offset: true }),
  openedValue: z.number().nullable(),
  lastAt: z.iso.datetime({ offset: true }),
  lastValue: z.number().nullable(),
  count: z.number().int(),
  clearedAt: z.iso.datetime({ offset: true }).nullable(),
  clearedValue: z.number().nullable(),
  acknowledgedAt: z.iso.datetime({ offset: true }).nullable(),
  acknowledgedBy: actorSchema,
  acknowledgeComment: z.string().nullable(),
  shelvedUntil: z.iso.datetime({ offset: true }).nullable(),
  shelvedBy: actorSchema,
  shelveReason: z.string().nullable(),
  /** Shelved now (shelvedUntil in the future). */
  shelved: z.boolean(),
  /** Raised by back-filled values: recorded, not notified. */
  late: z.boolean(),
  /** Point in test or device in maintenance: recorded, not notified. */
  muted: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = listResponseSchema(alertSchema);
export type AlertList = z.infer<typeof alertListSchema>;

/**
 * One alert and the operators' actions on it: in the current company, or (`scope=all`, provider
 * staff) in any company — what the network-wide list links to and acts on.
 */
export const alertScopeQuerySchema = networkScopeSchema;
export type AlertScopeQuery = z.infer<typeof alertScopeQuerySchema>;

/**
 * What happened to an alert, in time order (docs/ALERTS.md "Alert detail"): opened (with the value
 * that opened it), repeated (count so far, the last repeat's time and value), acknowledged (by whom,
 * comment), shelved (by whom, until, reason) and unshelved, cleared (by which value).
 */
export const alertTimelineKinds = [
  'opened',
  'repeated',
  'acknowledged',
  'shelved',
  'unshelved',
  'cleared',
] as const;
export type AlertTimelineKind = (typeof alertTimelineKinds)[number];

export const alertTimelineEntrySchema = z.object({
  kind: z.enum(alertTimelineKinds),
  at: z.iso.datetime({ offset: true }),
  /** opened, repeated, cleared: the measured value (the point's unit). */
  value: z.number().nullable(),
  /** repeated: the alert's count of samples beyond its threshold. */
  count: z.number().int().nullable(),
  /** acknowledged, shelved, unshelved: who (null: the system). */
  by: actorSchema,
  /** acknowledged: the comment; shelved: the reason. */
  text: z.string().nullable(),
  /** shelved: until when. */
  until: z.iso.datetime({ offset: true }).nullable(),
});
export type AlertTimelineEntry = z.infer<typeof alertTimelineEntrySchema>;

/**
 * A notification sent about the alert: one per recipient and channel (in-app, e-mail, webhook) with
 * its delivery status. `recipient` names the person; a webhook's address only for those who manage
 * notifications (it may carry a secret), else null.
 */
export const alertNotificationSchema = notificationDeliverySchema
  .pick({
    id: true,
    configName: true,
    channel: true,
    status: true,
    attempts: true,
    lastError: true,
    notBefore: true,
    createdAt: true,
    sentAt: true,
  })
  .extend({
    kind: z.enum(notificationKinds),
    recipient: z.string().nullable(),
    /** Held: until quiet hours end or an outage is over. */
    holdReason: z.enum(['quiet_hours', 'incident']).nullable(),
  });
export type AlertNotification = z.infer<typeof alertNotificationSchema>;

/** GET /api/alerts/{id}: the alert, its timeline and the notifications sent for it (oldest first). */
export const alertDetailSchema = alertSchema.extend({
  timeline: z.array(alertTimelineEntrySchema),
  notifications: z.array(alertNotificationSchema),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** Longest shelving: past it, an alert is a standing problem that needs a setting changed, not a snooze. */
export const maxShelveDays = 30;
/** Alerts per bulk action. */
export const maxBulkAlerts = 500;

export const alertAcknowledgeSchema = z.object({ comment: optionalText(500) });
export type AlertAcknowledge = z.output<typeof alertAcknowledgeSchema>;

/** Until when, ISO 8601 with offset; the server checks it lies ahead (AL1002). */
const untilSchema = safeText()
  .pipe(z.iso.datetime({ offset: true }))
  .refine((v) => isDateInRange(new Date(v)), { message: 'invalid' })
  .transform((v) => new Date(v));
export const alertShelveSchema = z.object({ until: untilSchema, reason: requiredText(500) });
export type AlertShelve = z.output<typeof alertShelveSchema>;

const bulkIds = z.array(idSchema).min(1).max(maxBulkAlerts);
export const alertBulkAcknowledgeSchema = alertAcknowledgeSchema.extend({ ids: bulkIds });
export type AlertBulkAcknowledge = z.output<typeof alertBulkAcknowledgeSchema>;
export const alertBulkShelveSchema = alertShelveSchema.extend({ ids: bulkIds });
export type AlertBulkShelve = z.output<typeof alertBulkShelveSchema>;
/** A bulk action: what changed; alerts already in the asked state are skipped, not an error. */
export const alertBulkResultSchema = z.object({ changed: z.number().int(), skipped: z.number().int() });
