/** Alerts (docs/ALERTS.md): the list, one alert, and the operator's actions on them. */
import { z } from 'zod';
import { alertGroups, alertTypes } from './alert-types';
import { idSchema } from './common/ids';
import { listResponseSchema, pagedListQuerySchema } from './common/paging';
import { isDateInRange, optionalText, queryDate, requiredText, safeText } from './common/text';
import { alertLevels } from './constants';

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
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

const actorSchema = z.object({ id: idSchema, name: z.string() }).nullable();

export const alertSchema = z.object({
  id: idSchema,
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
