/**
 * The time series of a point's port for its chart (docs/DATA-MODEL.md read paths, docs/WEB.md): interpreted values,
 * downsampled on the server to min/max/avg per time bucket when the range holds more measures than
 * the chart has buckets.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { requiredQueryDate, safeText } from './common/text';
import { portTypes } from './models';

export const defaultSeriesBuckets = 1000;
export const maxSeriesBuckets = 2000;
export const minSeriesBuckets = 10;
/** Longest range one series call covers (5 years of 365.25 days). */
export const maxSeriesRangeSeconds = 5 * 365.25 * 86_400;
/**
 * Two rows further apart than this many "expected intervals" have a gap between them (the expected
 * interval is the largest of the bucket width, the point's measure time and the typical spacing of
 * the rows themselves).
 */
export const seriesGapFactor = 2.5;

export const pointSeriesQuerySchema = z.object({
  /** Port key; default: the point's first port (parameters, else the device model), else the latest one measured. */
  port: safeText()
    .regex(/^[a-z][a-z0-9_]{0,19}$/)
    .optional(),
  from: requiredQueryDate,
  to: requiredQueryDate,
  buckets: z.coerce.number().int().min(minSeriesBuckets).max(maxSeriesBuckets).default(defaultSeriesBuckets),
});
export type PointSeriesQuery = z.output<typeof pointSeriesQuerySchema>;

/**
 * One row of the series. Raw mode: one measure (value = min = max = its interpreted value, count 1).
 * Downsampled: one non-empty bucket starting at `ts` (value = average, min, max, count of measures,
 * flag = worst QARTOD flag of the bucket, i.e. the highest).
 * Gap marker: value/min/max null, count 0, flag null — the server puts one where the data stops for
 * longer than `seriesGapFactor` expected intervals, so a client draws the line broken there without
 * knowing the point's measure time (ECharts: connectNulls false).
 */
export const pointSeriesRowSchema = z.object({
  ts: z.iso.datetime({ offset: true }),
  value: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number().int(),
  flag: z.number().int().nullable(),
});
export type PointSeriesRow = z.infer<typeof pointSeriesRowSchema>;

export const seriesThresholdsSchema = z.object({
  /** The point's warning_value and alert_value. */
  warningValue: z.number().nullable(),
  alertValue: z.number().nullable(),
  /** The port's parameters warning_upper/lower and alert_upper/lower. */
  warningUpper: z.number().nullable(),
  warningLower: z.number().nullable(),
  alertUpper: z.number().nullable(),
  alertLower: z.number().nullable(),
});
export type SeriesThresholds = z.infer<typeof seriesThresholdsSchema>;

export const seriesPortSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  /** The port's type in the installed device's model; null for a port the model does not name. */
  type: z.enum(portTypes).nullable(),
});

export const pointSeriesSchema = z.object({
  pointId: idSchema,
  /** The port read; null when the point has no port at all (no parameters, device or measures). */
  port: z.string().nullable(),
  /** Every port the point knows (parameters, installed model, measured), for a port selector. */
  ports: z.array(seriesPortSchema),
  unit: z.string(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** Bucket width in seconds (also reported in raw mode: the width the range would have used). */
  bucketSeconds: z.number().int(),
  /** True: rows are single measures; false: rows are buckets. */
  raw: z.boolean(),
  /** The point's measure time in seconds (the expected spacing of raw measures). */
  measureTime: z.number().int(),
  points: z.array(pointSeriesRowSchema),
  thresholds: seriesThresholdsSchema,
  groundLevel: z.number().nullable(),
  invertLevel: z.number().nullable(),
});
export type PointSeries = z.infer<typeof pointSeriesSchema>;

/** Bucket widths in seconds the server rounds up to (then whole days beyond the last). */
export const seriesBucketSteps = [
  10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800,
] as const;

/** The bucket width for a range: range / buckets rounded up to a step of seriesBucketSteps. */
export function seriesBucketSeconds(rangeSeconds: number, buckets: number): number {
  const exact = Math.ceil(rangeSeconds / buckets);
  const step = seriesBucketSteps.find((s) => s >= exact);
  return step ?? Math.ceil(exact / 86_400) * 86_400;
}
