/** Refused device messages and measures (reasons in docs/MEASURES.md, docs/DATA-MODEL.md): provider staff only. */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { csvSeparatorSchema, listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryDate, safeText } from './common/text';
import { failedMeasureReasons } from './device-protocol';
import { failureDetailTemplates } from './failed-measure-details';

export const failedMeasureReasonSchema = z.enum(failedMeasureReasons);
const failureDetailCodes = Object.keys(failureDetailTemplates) as Array<keyof typeof failureDetailTemplates>;
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
  /** As stored: an English sentence (contracts/src/failed-measure-details.ts) or an older free text. */
  detail: z.string().nullable(),
  /** The detail's code when the sentence is one of ours, for the web to say it in its language; else null. */
  detailCode: z.enum([...failureDetailCodes, 'invalidFields']).nullable(),
  /** The detail's parameters as written in it (serial, model, port, an ISO time `at` …, `msgSeq`). */
  detailParams: z.record(z.string(), z.string()),
  /** Index of the measure in its message when the refusal is per measure. */
  measureIndex: z.number().int().nullable(),
});
export type FailedMeasure = z.infer<typeof failedMeasureSchema>;
export const failedMeasureListSchema = listResponseSchema(failedMeasureSchema);

/** One row with what arrived (first 4 KB, as text). */
export const failedMeasureDetailSchema = failedMeasureSchema.extend({ payload: z.string().nullable() });
export type FailedMeasureDetail = z.infer<typeof failedMeasureDetailSchema>;
