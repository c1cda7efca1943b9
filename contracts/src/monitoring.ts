/**
 * GET /api/monitoring (docs/WEB.md Monitoring): every live point of the current company — or, for
 * provider staff with `scope=all`, of every company (docs/WEB.md "All companies") — with its latest
 * reading, trend and level, the caller's favourites first, paged and filtered.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { networkScopeQuery, rowCompanySchema } from './common/network-scope';
import { listResponseSchema } from './common/paging';
import { queryBoolean, safeText } from './common/text';
import { pointKinds } from './points';
import { unitGroups } from './units';
import { pointLatestSchema, pointLevelFilters, pointLevelSchema } from './point-state';

/** The monitoring list is read on screen: one page of at most this many points. */
export const maxMonitoringPageLength = 100;

/**
 * Trend of a point's latest reading: the change per hour between the latest value and the newest
 * value of the same series measured at least `trendWindowMinutes` before it, looking no further back
 * than `trendLookbackHours` (a series measured less often than that has no trend). A rate whose size
 * is under `trendSteadyPerHour` (in the point's unit per hour) counts as steady.
 */
export const trendWindowMinutes = 60;
export const trendLookbackHours = 6;
export const trendSteadyPerHour = 0.005;
export const trendDirections = ['up', 'down', 'steady'] as const;
export type TrendDirection = (typeof trendDirections)[number];

export const pointTrendSchema = z.object({
  direction: z.enum(trendDirections),
  /** Change per hour in the point's unit. */
  ratePerHour: z.number(),
  /** Minutes between the two values the rate was taken from. */
  overMinutes: z.number(),
});
export type PointTrend = z.infer<typeof pointTrendSchema>;

export const monitoringOrderFields = ['name', 'level', 'time'] as const;
export type MonitoringOrderField = (typeof monitoringOrderFields)[number];

/**
 * The direction an order takes when the query names none: the worst level first (DANGER first, no
 * data last), the newest reading first, names A to Z. The list's default is by level, so it reads
 * favourites first, then severity, then name.
 */
export const monitoringDefaultDir: Record<MonitoringOrderField, 'ASC' | 'DESC'> = {
  level: 'DESC',
  time: 'DESC',
  name: 'ASC',
};

export const monitoringQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z.coerce.number().int().min(1).max(maxMonitoringPageLength).default(25),
  /** Favourites always come first; this orders within them and within the rest (ties: by name). */
  order: z.enum(monitoringOrderFields).default('level'),
  /** Omitted: the order's own default direction (monitoringDefaultDir). */
  dir: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .transform((d) => d.toUpperCase() as 'ASC' | 'DESC')
    .optional(),
  /** In the point's name or address. */
  search: safeText().max(200).optional(),
  level: z.enum(pointLevelFilters).optional(),
  layerId: idSchema.optional(),
  kind: z.enum(pointKinds).optional(),
  favourites: queryBoolean,
  ...networkScopeQuery,
});
export type MonitoringQuery = z.infer<typeof monitoringQuerySchema>;

export const monitoringRowSchema = rowCompanySchema.extend({
  pointId: idSchema,
  name: z.string(),
  kind: z.enum(pointKinds),
  unit: z.string(),
  favourite: z.boolean(),
  latest: pointLatestSchema.nullable(),
  trend: pointTrendSchema.nullable(),
  level: pointLevelSchema,
  /** The level's docs/ALERTS.md colour; null with no data. */
  colour: z.string().nullable(),
});
export type MonitoringRow = z.infer<typeof monitoringRowSchema>;
export const monitoringListSchema = listResponseSchema(monitoringRowSchema);
export type MonitoringList = z.infer<typeof monitoringListSchema>;

/**
 * Whether a unit has a trend. A precipitation unit (mm, mm/10min, mm/15min, mm/h) is an amount per
 * interval: its change per hour ("mm/15min/h") means nothing to an operator, so rain points show no
 * trend — their value already is the intensity (docs/WEB.md Monitoring).
 */
export function hasTrend(unit: string): boolean {
  return !(unitGroups.precipitation as readonly string[]).includes(unit);
}

/** The trend of a rate (unit per hour). */
export function trendDirectionOf(ratePerHour: number): TrendDirection {
  if (Math.abs(ratePerHour) < trendSteadyPerHour) return 'steady';
  return ratePerHour > 0 ? 'up' : 'down';
}
