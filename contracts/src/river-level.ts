/**
 * GET /api/points/{id}/river-level (docs/PUBLIC-DASHBOARD.md "the river-level widget"): the current level of a
 * point's main series against its ground, warning and danger levels, its typical range and record
 * high, the trend, and the state of the data. The same shape serves the public dashboard later.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { alertLevels } from './constants';
import { pointKinds } from './points';

/** Days of history the typical range and the record high are read from. */
export const riverLevelHistoryDays = 365;
/** Share of the history below the typical range's low and high ends (10th and 90th percentile). */
export const riverLevelTypicalPercentiles = [0.1, 0.9] as const;
/** The trend is the slope of the values of the last this many seconds before the latest one. */
export const riverLevelTrendSeconds = 3600;
/** Stale: no value for longer than this many transmission times. */
export const riverLevelStaleFactor = 2;

const isoDate = z.iso.datetime({ offset: true });

export const riverLevelSchema = z.object({
  pointId: idSchema,
  name: z.string(),
  kind: z.enum(pointKinds),
  /** The series shown (first port of the point's parameters that has a value, else the latest); null: no data. */
  port: z.string().nullable(),
  unit: z.string(),
  /** The latest value; null when the series has none. */
  current: z.object({ value: z.number().nullable(), ts: isoDate, flag: z.number().int() }).nullable(),
  groundLevel: z.number().nullable(),
  invertLevel: z.number().nullable(),
  /** Warning band from warningValue, danger band from alertValue (the point's thresholds). */
  warningValue: z.number().nullable(),
  alertValue: z.number().nullable(),
  /** 10th–90th percentile of hourly means over riverLevelHistoryDays; null with too little history. */
  typical: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Highest value over riverLevelHistoryDays, and when. */
  record: z.object({ value: z.number(), ts: isoDate }).nullable(),
  /** Unit per hour over the last riverLevelTrendSeconds before the latest value; null: too few values. */
  trendPerHour: z.number().nullable(),
  /** Worst open level of the point (the map's colour). */
  level: z.enum(alertLevels),
  state: z.object({
    /** No value for more than riverLevelStaleFactor × transmission time. */
    stale: z.boolean(),
    /** The latest value is flagged suspect (QARTOD 3) or failed (4). */
    suspect: z.boolean(),
    failed: z.boolean(),
    /** The installed device is in Maintenance. */
    maintenance: z.boolean(),
  }),
  /** Seconds after the latest value the data counts as stale. */
  staleAfterSeconds: z.number().int(),
});
export type RiverLevel = z.infer<typeof riverLevelSchema>;

/** What the widget draws; the public dashboard sends only this (no series port or timing settings). */
export const riverLevelViewSchema = riverLevelSchema.omit({ port: true, staleAfterSeconds: true });
export type RiverLevelView = z.infer<typeof riverLevelViewSchema>;
