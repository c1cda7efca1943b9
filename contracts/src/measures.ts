/** Stored measures (docs/DATA-MODEL.md): the read side, one device or one point over a time range. */
import { z } from 'zod';
import { queryFrequency } from './common/frequency';
import { idSchema } from './common/ids';
import { tableExportQueryShape } from './common/export';
import { listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryDate, requiredQueryDate, safeText } from './common/text';

/** QARTOD flags (docs/MEASURES.md): 1 pass, 3 suspect, 4 fail, 9 missing. */
export const measureFlags = [1, 3, 4, 9] as const;
export type MeasureFlag = (typeof measureFlags)[number];

/** Without from/to the list covers the last 24 hours. */
export const defaultMeasureRangeHours = 24;

/**
 * The step interpreted values (and their aggregates) are written with in exports: points store no
 * resolution, so a thousandth — a level to the millimetre, as the notification texts write it.
 */
export const measureResolution = 0.001;

export const measureOrderFields = ['ts'] as const;

// a range can hold millions of rows: pages only, never "all" (-1); GET /api/measures/export streams them
export const measureListQuerySchema = pagedListQuerySchema.omit({ search: true }).extend({
  order: z.enum(measureOrderFields).default('ts'),
  /** At least one of deviceId and pointId (ME1002). */
  deviceId: idSchema.optional(),
  pointId: idSchema.optional(),
  /** ISO 8601 or epoch seconds; from must be earlier than to (ME1001). Both ends included. */
  from: queryDate,
  to: queryDate,
  port: safeText().trim().min(1).max(20).optional(),
  flag: z
    .enum(['1', '3', '4', '9'])
    .transform((v) => Number(v) as MeasureFlag)
    .optional(),
});
export type MeasureListQuery = z.infer<typeof measureListQuerySchema>;

/**
 * Longest range of an aggregated export (with a frequency): one year, as docs/VALIDATION.md bounds the level
 * summary's export (DR1000); a leap year holds 366 days. At the finest frequency (5 min) a year is
 * 105,408 buckets per port, the order of a year of raw measures at a 5-minute measure time. The raw
 * export keeps no range limit: it streams rows in keyset batches of one point or device.
 */
export const maxAggregatedExportRangeSeconds = 366 * 86_400;

/**
 * GET /api/measures/export: the list's filters as CSV or XLSX (`format`, docs/API.md "Exports"; a
 * CSV's `separator` and `decimal` mark). docs/VALIDATION.md: an export needs a point or a device
 * and both dates (400 V1000 naming the fields; the list keeps its 24-hour default and ME1002).
 * Without `frequency` every measure in time order; with it one row per point, port and bucket of
 * the current company's local time: bucket_start (ISO 8601 with the local offset), epoch,
 * point_name, port, count, failed, min, avg, max, last, point_id. min/avg/max/last (interpreted
 * values) and count cover the measures not flagged 4 whose value is within ±maxMeasureMagnitude;
 * failed counts the others. A day is a local calendar day (23 or 25 hours at a DST change); shorter
 * buckets start at local midnight and step by the frequency (SQL date_bin from that midnight).
 */
export const measureExportQuerySchema = measureListQuerySchema
  .omit({ page: true, length: true, order: true })
  .extend({
    from: requiredQueryDate,
    to: requiredQueryDate,
    ...tableExportQueryShape,
    frequency: queryFrequency.optional(),
  })
  .superRefine(
    (query, ctx) => {
      if (query.pointId || query.deviceId) return;
      for (const field of ['pointId', 'deviceId'])
        ctx.addIssue({ code: 'custom', path: [field], message: 'atLeastOnePointOrDevice', input: undefined });
    },
    // also when a date is missing or wrong, so one answer names every field to fix
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type MeasureExportQuery = z.infer<typeof measureExportQuerySchema>;

export const measureSchema = z.object({
  deviceId: idSchema,
  deviceSerial: z.string().nullable(),
  pointId: idSchema.nullable(),
  pointName: z.string().nullable(),
  port: z.string(),
  ts: z.iso.datetime({ offset: true }),
  /** ts as epoch seconds (what the device sent). */
  epoch: z.number().int(),
  /** null only where a stored value was unusable (not finite, or beyond ±1e12); the flag is then 4 */
  direct: z.number().nullable(),
  adjusted: z.number().nullable(),
  interpreted: z.number().nullable(),
  flag: z.number().int(),
  topic: z.string().nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
});
export type Measure = z.infer<typeof measureSchema>;

/** The page plus the range actually queried (the defaults applied). */
export const measureListSchema = listResponseSchema(measureSchema).extend({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type MeasureList = z.infer<typeof measureListSchema>;
