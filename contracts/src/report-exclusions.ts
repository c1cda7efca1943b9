/**
 * Agreed exclusions and notes (docs/REPORTS.md "Agreed exclusions and notes"): provider staff mark a
 * point's days as excluded by agreement with the client — a flood, vandalism, access denied — or
 * annotate them without excluding; the client's admins see them and accept or dispute them. A pending
 * or accepted exclusion excludes its days (cause `agreed`); a disputed or withdrawn one does not.
 *
 * GET    /api/reports/exclusions?companyId&pointId&from&to     list (provider staff, client admins)
 * POST   /api/reports/exclusions                               create (ADMIN, CHIEF)
 * POST   /api/reports/exclusions/{id}/review {decision, comment}  accept / dispute (client admins)
 * DELETE /api/reports/exclusions/{id}                          withdraw (ADMIN, CHIEF)
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { safeText } from './common/text';
import { isoDate } from './common/text';
import { personSchema } from './reports';

export const exclusionKinds = ['exclusion', 'note'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

export const agreedCauses = ['flood', 'vandalism', 'access_denied', 'works', 'other'] as const;
export type AgreedCause = (typeof agreedCauses)[number];

export const exclusionStatuses = ['pending', 'accepted', 'disputed', 'withdrawn'] as const;
export type ExclusionStatus = (typeof exclusionStatuses)[number];

export const reportExclusionSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  pointId: idSchema,
  pointName: z.string(),
  kind: z.enum(exclusionKinds),
  /** Local days of the company, both included. */
  from: z.string(),
  to: z.string(),
  cause: z.enum(agreedCauses),
  comment: z.string().nullable(),
  /** Where the evidence is kept (a document number, a file name, a link): a reference, not a file. */
  attachmentRef: z.string().nullable(),
  status: z.enum(exclusionStatuses),
  createdBy: personSchema,
  createdAt: z.iso.datetime({ offset: true }),
  reviewedBy: personSchema.nullable(),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  reviewComment: z.string().nullable(),
});
export type ReportExclusion = z.infer<typeof reportExclusionSchema>;

export const reportExclusionListQuerySchema = z.object({
  companyId: idSchema.optional(),
  pointId: idSchema.optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
});
export type ReportExclusionListQuery = z.infer<typeof reportExclusionListQuerySchema>;

export const reportExclusionListSchema = z.object({ rows: z.array(reportExclusionSchema) });

export const newReportExclusionSchema = z.object({
  pointId: idSchema,
  kind: z.enum(exclusionKinds).default('exclusion'),
  from: isoDate(),
  to: isoDate(),
  cause: z.enum(agreedCauses),
  comment: safeText()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  attachmentRef: safeText()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => v || null),
});
export type NewReportExclusion = z.infer<typeof newReportExclusionSchema>;

export const reviewReportExclusionSchema = z.object({
  decision: z.enum(['accepted', 'disputed']),
  comment: safeText()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
});
export type ReviewReportExclusion = z.infer<typeof reviewReportExclusionSchema>;
