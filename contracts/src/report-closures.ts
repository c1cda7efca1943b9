/**
 * The month close (docs/REPORTS.md "Month close and revisions"): a company's monthly report frozen
 * when it is billed — its figures, PDF and XLSX stored with a SHA-256 each — and every later change
 * to those figures a new frozen revision listing the point-days that changed, never a silent edit.
 *
 * GET  /api/reports/closures?companyId&month          the closed months (newest first)
 * POST /api/reports/closures {companyId?, month, recipientIds?}   close a month (ADMIN, CHIEF)
 * GET  /api/reports/closures/{id}/revisions/{n}?format=json|pdf|xlsx   one frozen version
 * POST /api/reports/closures/{id}/revise    compare now instead of at the job's next run (ADMIN, CHIEF)
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { dayClassSchema, exclusionCauseSchema } from './daily-summaries';
import { monthSchema, monthlyReportSchema, operationCountsSchema, personSchema } from './reports';

export const revisionReasons = ['close', 'recomputed'] as const;
export type RevisionReason = (typeof revisionReasons)[number];

/** One point-day as a revision compares it. */
export const revisedDaySchema = z.object({
  class: dayClassSchema.nullable(),
  exclusion: exclusionCauseSchema.nullable(),
  count: z.number().int(),
});

/** A point-day whose figures differ from the previous revision's. */
export const revisionChangeSchema = z.object({
  pointId: idSchema,
  pointName: z.string(),
  day: z.string(),
  before: revisedDaySchema,
  after: revisedDaySchema,
  /** The point's operation % of the month before and after. */
  percentBefore: z.number().nullable(),
  percentAfter: z.number().nullable(),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

export const fileDigestSchema = z.object({ bytes: z.number().int(), sha256: z.string() });

export const revisionSummarySchema = z.object({
  n: z.number().int().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  /** Who caused it: the closer for revision 1; null for a revision the daily job made. */
  createdBy: personSchema.nullable(),
  reason: z.enum(revisionReasons),
  totals: operationCountsSchema,
  changes: z.number().int(),
  pdf: fileDigestSchema,
  xlsx: fileDigestSchema,
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const closureSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  companyName: z.string(),
  month: z.string(),
  closedAt: z.iso.datetime({ offset: true }),
  closedBy: personSchema,
  /** Oldest first; the last one is what the month's report shows now. */
  revisions: z.array(revisionSummarySchema),
});
export type Closure = z.infer<typeof closureSchema>;

export const closureListQuerySchema = z.object({
  companyId: idSchema.optional(),
  month: monthSchema.optional(),
});
export type ClosureListQuery = z.infer<typeof closureListQuerySchema>;

export const closureListSchema = z.object({ rows: z.array(closureSchema) });

export const closeMonthSchema = z.object({
  /** Provider staff close any company's month; default the current company. */
  companyId: idSchema.optional(),
  month: monthSchema,
  /** Users of the company (or provider staff) the report is mailed to, in each one's language. */
  recipientIds: z.array(idSchema).max(100).default([]),
});
export type CloseMonth = z.infer<typeof closeMonthSchema>;

export const revisionParamsSchema = z.object({
  id: idSchema,
  n: z.coerce.number().int().min(1).max(100_000),
});
export const revisionQuerySchema = z.object({ format: z.enum(['json', 'pdf', 'xlsx']).default('json') });

/** The frozen report of a revision with the point-days it changed. */
export const revisionSchema = revisionSummarySchema.extend({
  closureId: idSchema,
  month: z.string(),
  report: monthlyReportSchema,
  changeList: z.array(revisionChangeSchema),
});
export type Revision = z.infer<typeof revisionSchema>;

/** POST /api/reports/closures/{id}/revise: the revision it froze, or null when nothing changed. */
export const reviseResultSchema = z.object({ revision: z.number().int().nullable(), closure: closureSchema });
export type ReviseResult = z.infer<typeof reviseResultSchema>;
