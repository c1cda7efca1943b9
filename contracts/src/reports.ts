/**
 * The operation reports (docs/REPORTS.md): monthly, quarterly and level summaries built from the daily
 * summaries of contracts/src/daily-summaries.ts, for one company (the caller's, or any for provider
 * staff with `companyId`) or the whole network (`scope=all`). The screen, the downloads (PDF, CSV,
 * XLSX, ZIP) and the API answer come from the same query.
 *
 * GET /api/reports/monthly?month=YYYY-MM
 * GET /api/reports/quarterly?quarter=YYYY-Qn
 * GET /api/reports/level?from&to            (list ≤ 2 months: DR1001; export ≤ 1 year: DR1000)
 * each with `format=json|pdf|csv|xlsx` (level also `zip`), `separator`, `decimal`.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { networkScopeQuery } from './common/network-scope';
import { csvSeparatorSchema } from './common/paging';
import { isoDate } from './common/text';
import { decimalMarkSchema } from './common/export';
import { dayClassSchema, exclusionCauseSchema, seriesTotals, timedValueSchema } from './daily-summaries';

/** The longest range of the level summary's list (DR1001 beyond); its export takes a year (DR1000). */
export const maxLevelListDays = 62;

/**
 * The days behind an operation %: every counted day of the points' main series. `days` counts the
 * finished days (today is never counted); `excluded` includes the days of a point in test.
 */
export const operationCountsSchema = z.object({
  days: z.number().int(),
  correct: z.number().int(),
  intermittent: z.number().int(),
  incorrect: z.number().int(),
  noTransmission: z.number().int(),
  excluded: z.number().int(),
  /** (correct + intermittent) / (days − excluded − noTransmission) × 100; null when that is 0. */
  percent: z.number().nullable(),
});
export type OperationCounts = z.infer<typeof operationCountsSchema>;

/** One day of a point in a report: its class (null: not finished yet, or before the point existed). */
export const reportDaySchema = z.object({
  day: z.string(),
  class: dayClassSchema.nullable(),
  exclusion: exclusionCauseSchema.nullable(),
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  total: z.number().nullable(),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportCompanySchema = z.object({ id: idSchema, name: z.string(), timeZone: z.string() });

/** Level figures over a period of a point's main series (level series only; null otherwise). */
export const levelFiguresSchema = z.object({
  min: timedValueSchema.nullable(),
  max: timedValueSchema.nullable(),
  /** The mean of every value of the period. */
  mean: z.number().nullable(),
});

export const reportPointSchema = z.object({
  pointId: idSchema,
  name: z.string(),
  companyId: idSchema,
  companyName: z.string(),
  kind: z.string(),
  /** The main series the point is counted on ('' when it has none). */
  port: z.string(),
  unit: z.string(),
  test: z.boolean(),
  totalKind: z.enum(seriesTotals).nullable(),
});
export type ReportPoint = z.infer<typeof reportPointSchema>;

export const monthlyRowSchema = reportPointSchema.extend({
  days: z.array(reportDaySchema),
  counts: operationCountsSchema,
  level: levelFiguresSchema,
  /** Pulse series: the month's total (mm of rain or m³). */
  total: z.number().nullable(),
});
export type MonthlyRow = z.infer<typeof monthlyRowSchema>;

/** The period a report covers, as local days of the company's (or each company's) time zone. */
export const reportPeriodSchema = z.object({
  /** "2026-10", "2026-Q4" or "2026-10-01/2026-11-30". */
  label: z.string(),
  from: z.string(),
  to: z.string(),
  /** Whether the period still has days to come (its figures will change). */
  open: z.boolean(),
});

export const reportHeaderSchema = z.object({
  /** null for the whole network. */
  company: reportCompanySchema.nullable(),
  period: reportPeriodSchema,
  generatedAt: z.iso.datetime({ offset: true }),
  /** The formula printed beside every operation % (docs/REPORTS.md "Operation %"). */
  formula: z.string(),
});

export const personSchema = z.object({ id: idSchema, name: z.string() });

/** A closed month's report is its frozen version (contracts/src/report-closures.ts): when, by whom. */
export const reportClosureNoteSchema = z.object({
  closureId: idSchema,
  closedAt: z.iso.datetime({ offset: true }),
  closedBy: personSchema,
  revision: z.number().int(),
  revisedAt: z.iso.datetime({ offset: true }),
});
export type ReportClosureNote = z.infer<typeof reportClosureNoteSchema>;

export const monthlyReportSchema = reportHeaderSchema.extend({
  totals: operationCountsSchema,
  rows: z.array(monthlyRowSchema),
  /** Set when the month is closed: the report is the frozen version of its latest revision. */
  closure: reportClosureNoteSchema.nullable().optional(),
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/** A month of a point within a quarter. */
export const quarterMonthSchema = z.object({
  month: z.string(),
  counts: operationCountsSchema,
  mean: z.number().nullable(),
  total: z.number().nullable(),
});

export const quarterlyRowSchema = reportPointSchema.extend({
  months: z.array(quarterMonthSchema),
  counts: operationCountsSchema,
  /** Averages over the quarter's days with values: of the daily minima, maxima and means. */
  averageDailyMin: z.number().nullable(),
  averageDailyMax: z.number().nullable(),
  averageDailyMean: z.number().nullable(),
  /** Pulse series: the average daily and monthly totals. */
  averageDailyTotal: z.number().nullable(),
  averageMonthlyTotal: z.number().nullable(),
  /** The average of the months' operation % (months with a percent only). */
  averageMonthlyPercent: z.number().nullable(),
});
export type QuarterlyRow = z.infer<typeof quarterlyRowSchema>;

export const quarterlyReportSchema = reportHeaderSchema.extend({
  months: z.array(z.string()),
  totals: operationCountsSchema,
  rows: z.array(quarterlyRowSchema),
});
export type QuarterlyReport = z.infer<typeof quarterlyReportSchema>;

export const levelRowSchema = reportPointSchema.extend({
  days: z.array(reportDaySchema),
  /** Over the range: lowest minimum, highest maximum, mean of the daily means. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
});
export type LevelRow = z.infer<typeof levelRowSchema>;

export const levelReportSchema = reportHeaderSchema.extend({ rows: z.array(levelRowSchema) });
export type LevelReport = z.infer<typeof levelReportSchema>;

export const reportFormats = ['json', 'pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number] | 'zip';

const downloadShape = {
  format: z.enum(reportFormats).default('json'),
  separator: csvSeparatorSchema,
  decimal: decimalMarkSchema,
  ...networkScopeQuery,
};

export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid')
  .refine((v) => Number(v.slice(0, 4)) >= 1900, 'invalid');
export const quarterSchema = z
  .string()
  .regex(/^\d{4}-Q[1-4]$/, 'invalid')
  .refine((v) => Number(v.slice(0, 4)) >= 1900, 'invalid');

export const monthlyReportQuerySchema = z.object({ month: monthSchema, ...downloadShape });
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuerySchema>;

export const quarterlyReportQuerySchema = z.object({ quarter: quarterSchema, ...downloadShape });
export type QuarterlyReportQuery = z.infer<typeof quarterlyReportQuerySchema>;

export const levelReportQuerySchema = z.object({
  from: isoDate(),
  to: isoDate(),
  ...downloadShape,
  format: z.enum([...reportFormats, 'zip']).default('json'),
});
export type LevelReportQuery = z.infer<typeof levelReportQuerySchema>;

/** The operation % of a set of counts (docs/REPORTS.md), one decimal; null without a denominator. */
export function operationPercent(c: Omit<OperationCounts, 'percent'>): number | null {
  const base = c.days - c.excluded - c.noTransmission;
  if (base <= 0) return null;
  return Math.round(((c.correct + c.intermittent) / base) * 1000) / 10;
}

export const operationFormula =
  'operation % = (correct + intermittent) / (days − excluded − no transmission) × 100';
