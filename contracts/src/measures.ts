/** Stored measures (DESIGN.md §2): the read side, one device or one point over a time range. */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { csvSeparatorSchema, listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryDate, safeText } from './common/text';

/** QARTOD flags (DESIGN.md §2): 1 pass, 3 suspect, 4 fail, 9 missing. */
export const measureFlags = [1, 3, 4, 9] as const;
export type MeasureFlag = (typeof measureFlags)[number];

/** Without from/to the list covers the last 24 hours. */
export const defaultMeasureRangeHours = 24;

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

/** GET /api/measures/export: the list's filters and range rules, every measure in time order, as CSV. */
export const measureExportQuerySchema = measureListQuerySchema
  .omit({ page: true, length: true, order: true })
  .extend({ separator: csvSeparatorSchema });
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
