/** An agreed exclusion or note as the API answers it (contracts/src/report-exclusions.ts). */
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import type { ExclusionRow } from './report-exclusions.repository';

export function toReportExclusion(r: ExclusionRow): ReportExclusion {
  return {
    id: r.id,
    companyId: r.companyId,
    pointId: r.pointId,
    pointName: r.pointName,
    kind: r.kind as ReportExclusion['kind'],
    from: r.fromDay,
    to: r.toDay,
    cause: r.cause as ReportExclusion['cause'],
    comment: r.comment ?? null,
    attachmentRef: r.attachmentRef ?? null,
    status: r.status as ReportExclusion['status'],
    createdBy: { id: r.createdBy, name: r.createdByName },
    createdAt: r.createdAt.toISOString(),
    reviewedBy: r.reviewedBy ? { id: r.reviewedBy, name: r.reviewedByName ?? '' } : null,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reviewComment: r.reviewComment ?? null,
  };
}

/** What the history of changes keeps of one. */
export function exclusionHistory(r: ExclusionRow): Record<string, unknown> {
  return {
    pointId: r.pointId,
    kind: r.kind,
    from: r.fromDay,
    to: r.toDay,
    cause: r.cause,
    comment: r.comment,
    attachmentRef: r.attachmentRef,
    status: r.status,
    reviewComment: r.reviewComment,
  };
}
