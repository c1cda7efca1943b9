/**
 * A day of a series as the reports count it (docs/REPORTS.md "Daily summaries"): its class and
 * the reason for it. The limits are the product's (docs/REPORTS.md): a day is intermittent from the
 * first limit on and incorrect above the second, on any of three criteria.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { isoDate } from './common/text';

export const dayClasses = ['correct', 'intermittent', 'incorrect', 'no_transmission', 'excluded'] as const;
export type DayClass = (typeof dayClasses)[number];

/** What can make a day intermittent or incorrect. */
export const dayCriteria = ['out_of_range', 'jumps', 'equal_run'] as const;
export type DayCriterion = (typeof dayCriteria)[number];

/** Per criterion: intermittent from `intermittentFrom`, incorrect above `incorrectAbove`. */
export const dayClassLimits: Readonly<
  Record<DayCriterion, { intermittentFrom: number; incorrectAbove: number }>
> = {
  // values below the invert level or above the ground level
  out_of_range: { intermittentFrom: 6, incorrectAbove: 9 },
  // consecutive values |Δ| ≥ dayJumpMetres apart
  jumps: { intermittentFrom: 8, incorrectAbove: 10 },
  // the longest run of equal consecutive values
  equal_run: { intermittentFrom: 6, incorrectAbove: 9 },
};

/** A jump between two consecutive values of a day, in metres. */
export const dayJumpMetres = 3;

/**
 * Why a day does not count: the device's state that day, the point in test, or an exclusion agreed
 * with the client (contracts/src/report-exclusions.ts).
 */
export const exclusionCauses = [
  'device_maintenance',
  'device_decommissioned',
  'point_test',
  'agreed',
] as const;
export type ExclusionCause = (typeof exclusionCauses)[number];

/** One criterion that set the class: what was counted and the limit it reached. */
export interface DayReason {
  criterion: DayCriterion;
  count: number;
  /** The limit the count reached: intermittentFrom, or incorrectAbove + 1 for incorrect. */
  limit: number;
}

/**
 * The API of the daily summaries (docs/REPORTS.md, docs/API.md "Reports"):
 * GET /api/daily-summaries?pointId&from&to — the point's days, each series a row.
 */

/** The longest range a daily-summary read or a report export covers (DR1000 beyond). */
export const maxSummaryRangeDays = 366;

export const dayClassSchema = z.enum(dayClasses);
export const dayCriterionSchema = z.enum(dayCriteria);
export const exclusionCauseSchema = z.enum(exclusionCauses);

export const dayReasonSchema = z.object({
  criterion: dayCriterionSchema,
  count: z.number().int(),
  limit: z.number().int(),
});

/** A value of the day with the instant it was measured (ISO 8601 UTC). */
export const timedValueSchema = z.object({ value: z.number(), at: z.iso.datetime({ offset: true }) });
export type TimedValue = z.infer<typeof timedValueSchema>;

/** Whether a series sums its values over a day (a pulse series: rain in mm, volume in m³). */
export const seriesTotals = ['rain', 'volume'] as const;
export type SeriesTotal = (typeof seriesTotals)[number];

export const dailySummarySchema = z.object({
  pointId: idSchema,
  /** The series; '' for a point with no series at all (a day with nothing to count). */
  port: z.string(),
  /** The local day of the company's time zone, YYYY-MM-DD. */
  day: z.string(),
  /** Whether the row is the point's main series: the one its class and operation % count. */
  main: z.boolean(),
  class: dayClassSchema,
  reasons: z.array(dayReasonSchema),
  exclusion: exclusionCauseSchema.nullable(),
  count: z.number().int(),
  expected: z.number().int(),
  /** The day's length in hours: 24, or 23 / 25 on a DST change. */
  hours: z.number(),
  min: timedValueSchema.nullable(),
  max: timedValueSchema.nullable(),
  mean: z.number().nullable(),
  first: timedValueSchema.nullable(),
  last: timedValueSchema.nullable(),
  outOfRange: z.number().int(),
  jumps: z.number().int(),
  longestEqualRun: z.number().int(),
  /** Pulse series: the day's sum (mm of rain or m³); null for a level series. */
  total: z.number().nullable(),
  totalKind: z.enum(seriesTotals).nullable(),
  computedAt: z.iso.datetime({ offset: true }),
});
export type DailySummary = z.infer<typeof dailySummarySchema>;

export const dailySummariesQuerySchema = z.object({
  pointId: idSchema,
  from: isoDate(),
  to: isoDate(),
});
export type DailySummariesQuery = z.infer<typeof dailySummariesQuerySchema>;

export const dailySummariesSchema = z.object({ rows: z.array(dailySummarySchema) });
