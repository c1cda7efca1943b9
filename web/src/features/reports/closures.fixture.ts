/** Closed months, revisions and agreed exclusions as the API answers them, for the screens' tests. */
import type { Closure, Revision, RevisionSummary } from '@aforo/contracts/report-closures';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import type { CurrentUser } from '@aforo/contracts/users';
import { buildCompanyUser, companyA } from '../../test/fixtures';
import { staff } from './report-test-utils';
import { buildMonthlyReport, ebro, ebroId } from './reports.fixture';

export const closureId = '0c000000-0000-4000-8000-00000000000c';
export const exclusionId = '0e000000-0000-4000-8000-00000000000e';
export const marta = { id: '0d000000-0000-4000-8000-00000000000d', name: 'Marta Gil' };
export const pdfSha = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const xlsxSha = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** Provider staff holding `role` in their profile without company (the role check reads the profiles). */
export function staffWith(role: 'ROLE_ADMIN' | 'ROLE_CHIEF' | 'ROLE_VIEWER'): CurrentUser {
  return {
    ...staff,
    roles: [role],
    userProfiles: [
      {
        id: '66666666-6666-4666-8666-666666666666',
        state: { name: 'Active' },
        company: null,
        profileRoles: [role],
        rolesAssociated: [{ id: role }],
      },
    ],
  };
}

export const chief = staffWith('ROLE_CHIEF');
export const viewer = staffWith('ROLE_VIEWER');
export const clientAdmin = buildCompanyUser(['ROLE_ADMIN_CLIENTE']);

const totals = (percent: number, excluded: number) => ({
  days: 51,
  correct: 39,
  intermittent: 3,
  incorrect: 3,
  noTransmission: 5,
  excluded,
  percent,
});

export function buildRevisionSummary(overrides: Partial<RevisionSummary> = {}): RevisionSummary {
  return {
    n: 1,
    createdAt: '2026-11-02T09:05:00.000Z',
    createdBy: marta,
    reason: 'close',
    totals: totals(93.3, 1),
    changes: 0,
    pdf: { bytes: 48_250, sha256: pdfSha },
    xlsx: { bytes: 21_400, sha256: xlsxSha },
    ...overrides,
  };
}

/** October 2026 of Aguas del Norte, closed on 2 November by Marta Gil, revised once by the job. */
export function buildClosure(overrides: Partial<Closure> = {}): Closure {
  return {
    id: closureId,
    companyId: companyA,
    companyName: 'Aguas del Norte',
    month: '2026-10',
    closedAt: '2026-11-02T09:05:00.000Z',
    closedBy: marta,
    revisions: [
      buildRevisionSummary(),
      buildRevisionSummary({
        n: 2,
        createdAt: '2026-11-03T01:15:00.000Z',
        createdBy: null,
        reason: 'recomputed',
        totals: totals(95.5, 2),
        changes: 1,
        pdf: { bytes: 48_300, sha256: 'b'.repeat(64) },
        xlsx: { bytes: 21_450, sha256: 'c'.repeat(64) },
      }),
    ],
    ...overrides,
  };
}

/** Revision 2: the Ebro's 25 October, incorrect then, excluded by agreement now. */
export function buildRevision(): Revision {
  const summary = buildClosure().revisions[1]!;
  return {
    ...summary,
    closureId,
    month: '2026-10',
    report: buildMonthlyReport(),
    changeList: [
      {
        pointId: ebroId,
        pointName: ebro.name,
        day: '2026-10-25',
        before: { class: 'incorrect', exclusion: null, count: 90 },
        after: { class: 'excluded', exclusion: 'agreed', count: 90 },
        percentBefore: 96.6,
        percentAfter: 100,
      },
    ],
  };
}

export function buildExclusion(overrides: Partial<ReportExclusion> = {}): ReportExclusion {
  return {
    id: exclusionId,
    companyId: companyA,
    pointId: ebroId,
    pointName: ebro.name,
    kind: 'exclusion',
    from: '2026-10-24',
    to: '2026-10-26',
    cause: 'flood',
    comment: 'Riada del 24: el sensor quedó bajo el agua.',
    attachmentRef: 'Parte 2026/311',
    status: 'pending',
    createdBy: marta,
    createdAt: '2026-11-03T08:30:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewComment: null,
    ...overrides,
  };
}
