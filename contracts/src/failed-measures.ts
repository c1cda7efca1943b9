/** Refused device messages and measures (reasons in docs/MEASURES.md, docs/DATA-MODEL.md): provider staff only. */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { csvSeparatorSchema, listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryDate, safeText } from './common/text';
import { failedMeasureReasons } from './device-protocol';

export const failedMeasureReasonSchema = z.enum(failedMeasureReasons);
export const failedMeasureOrderFields = ['received_at', 'reason', 'serial'] as const;

export const failedMeasureListQuerySchema = pagedListQuerySchema.extend({
  order: z.enum(failedMeasureOrderFields).default('received_at'),
  reason: failedMeasureReasonSchema.optional(),
  /** Exact device serial (case-insensitive). */
  serial: safeText().trim().min(1).max(64).optional(),
  from: queryDate,
  to: queryDate,
});
export type FailedMeasureListQuery = z.infer<typeof failedMeasureListQuerySchema>;

/** GET /api/measures-failed/export: the list's filters, every row by time of arrival (`dir`), as CSV. */
export const failedMeasureExportQuerySchema = failedMeasureListQuerySchema
  .omit({ page: true, length: true, order: true })
  .extend({ separator: csvSeparatorSchema });
export type FailedMeasureExportQuery = z.infer<typeof failedMeasureExportQuerySchema>;

export const failedMeasureSchema = z.object({
  id: idSchema,
  receivedAt: z.iso.datetime({ offset: true }),
  topic: z.string().nullable(),
  serial: z.string().nullable(),
  // text as stored; the web translates the known reasons and shows others as they are
  reason: z.string(),
  detail: z.string().nullable(),
  /** Index of the measure in its message when the refusal is per measure. */
  measureIndex: z.number().int().nullable(),
});
export type FailedMeasure = z.infer<typeof failedMeasureSchema>;
export const failedMeasureListSchema = listResponseSchema(failedMeasureSchema);

/** One row with what arrived (first 4 KB, as text). */
export const failedMeasureDetailSchema = failedMeasureSchema.extend({ payload: z.string().nullable() });
export type FailedMeasureDetail = z.infer<typeof failedMeasureDetailSchema>;
