/** Closed months and their revisions as the API answers them (contracts/src/report-closures.ts). */
import type { Closure, Revision, RevisionChange, RevisionSummary } from '@aforo/contracts/report-closures';
import type { MonthlyReport, OperationCounts } from '@aforo/contracts/reports';
import type { ClosureRow, RevisionMeta, RevisionRow } from '../../reporting/month-close.repository';

export function toRevisionSummary(r: RevisionMeta): RevisionSummary {
  return {
    n: r.n,
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdBy ? { id: r.createdBy, name: r.createdByName ?? '' } : null,
    reason: r.reason as RevisionSummary['reason'],
    totals: r.totals as OperationCounts,
    changes: Array.isArray(r.changes) ? r.changes.length : 0,
    pdf: { bytes: r.pdfBytes, sha256: r.pdfSha256 },
    xlsx: { bytes: r.xlsxBytes, sha256: r.xlsxSha256 },
  };
}

export function toClosure(c: ClosureRow, revisions: RevisionMeta[]): Closure {
  return {
    id: c.id,
    companyId: c.companyId,
    companyName: c.companyName,
    month: c.month,
    closedAt: c.closedAt.toISOString(),
    closedBy: { id: c.closedBy, name: c.closedByName },
    revisions: revisions.filter((r) => r.closureId === c.id).map(toRevisionSummary),
  };
}

export function toRevision(c: ClosureRow, r: RevisionRow, createdByName: string | null): Revision {
  const report = r.report as MonthlyReport;
  return {
    ...toRevisionSummary({
      ...r,
      createdByName,
      totals: report.totals,
      pdfBytes: r.pdf.byteLength,
      xlsxBytes: r.xlsx.byteLength,
    }),
    closureId: c.id,
    month: c.month,
    report,
    changeList: r.changes as RevisionChange[],
  };
}
