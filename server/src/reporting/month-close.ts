/**
 * The month close (docs/REPORTS.md "Month close and revisions"): a company's monthly report frozen
 * when it is billed, and every later change of its figures a new frozen revision listing the
 * point-days that changed — never a silent edit. Files are rendered once, in the closer's language,
 * and kept with their SHA-256; nothing rewrites a stored revision.
 */
import { createHash } from 'node:crypto';
import type { Language } from '@aforo/contracts/constants';
import type { RevisionChange } from '@aforo/contracts/report-closures';
import type { MonthlyReport } from '@aforo/contracts/reports';
import { ConflictError, NotFoundError } from '../core/errors';
import type { Db } from '../db/client';
import type { Transact } from '../db/transaction';
import { createDailySummariesRepository } from './daily-summaries.repository';
import { createMonthCloseRepository, type ClosureRow } from './month-close.repository';
import { monthlyReportPdf, monthlyReportXlsx } from './render';
import type { OnFrozen } from './report-delivery';
import { createReportReader, lastDayOf } from './report-reader';
import { createReportsRepository } from './reports.repository';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The point-days of `after` whose class, exclusion or count differ from `before`'s. */
export function changesBetween(before: MonthlyReport, after: MonthlyReport): RevisionChange[] {
  const old = new Map(before.rows.map((r) => [r.pointId, r]));
  const changes: RevisionChange[] = [];
  for (const row of after.rows) {
    const was = old.get(row.pointId);
    const wasDays = new Map((was?.days ?? []).map((d) => [d.day, d]));
    for (const day of row.days) {
      const prev = wasDays.get(day.day);
      const b = { class: prev?.class ?? null, exclusion: prev?.exclusion ?? null, count: prev?.count ?? 0 };
      const a = { class: day.class, exclusion: day.exclusion, count: day.count };
      if (b.class === a.class && b.exclusion === a.exclusion && b.count === a.count) continue;
      changes.push({
        pointId: row.pointId,
        pointName: row.name,
        day: day.day,
        before: b,
        after: a,
        percentBefore: was?.counts.percent ?? null,
        percentAfter: row.counts.percent,
      });
    }
  }
  return changes;
}

export interface RevisionMade {
  closureId: string;
  n: number;
}

export function createMonthClose(options: {
  db: Db;
  clock?: () => Date;
  /** Opens the close's and each revision's transaction; a transactor's so `onFrozen` may queue mail. */
  transact?: Transact;
  /**
   * Hears each revision frozen (1 on close, n + 1 later) inside the transaction that writes it:
   * delivery queues its mails there (reporting/report-delivery.ts).
   */
  onFrozen?: OnFrozen;
}) {
  const { db, onFrozen } = options;
  const clock = options.clock ?? (() => new Date());
  const transact: Transact = options.transact ?? ((fn) => db.transaction((tx) => fn(tx as unknown as Db)));
  const repo = createMonthCloseRepository(db);
  const reports = createReportsRepository(db);
  const summaries = createDailySummariesRepository(db);
  const reader = createReportReader(db, clock);

  async function freeze(report: MonthlyReport, lang: Language) {
    const [pdf, xlsx] = [await monthlyReportPdf(report, { lang }), await monthlyReportXlsx(report, { lang })];
    return { pdf, pdfSha256: sha256(pdf), xlsx, xlsxSha256: sha256(xlsx) };
  }

  async function companyOf(companyId: string) {
    const company = await reports.company(companyId);
    if (!company) throw new NotFoundError('CO1000');
    return company;
  }

  /**
   * Compares a closed month's figures now with its latest revision; when a point-day changed, freezes
   * revision n + 1 listing the changes. Returns it, or null when nothing changed.
   */
  async function revise(closure: ClosureRow): Promise<RevisionMade | null> {
    const latest = await repo.revision(closure.id, null);
    if (!latest) return null;
    const company = await companyOf(closure.companyId);
    const lang = closure.language as Language;
    const report = await reader.monthly({ company, companies: [company] }, closure.month, lang);
    const changes = changesBetween(latest.report as MonthlyReport, report);
    const at = new Date(report.generatedAt);
    if (changes.length === 0) {
      await repo.checked(closure.id, at);
      return null;
    }
    const files = await freeze(report, lang);
    const n = latest.n + 1;
    await transact(async (tx) => {
      const txRepo = createMonthCloseRepository(tx);
      await txRepo.insertRevision({
        closureId: closure.id,
        n,
        createdAt: at,
        reason: 'recomputed',
        report,
        changes,
        ...files,
      });
      await txRepo.checked(closure.id, at);
      await onFrozen?.(tx, { closureId: closure.id, n });
    });
    return { closureId: closure.id, n };
  }

  return {
    revise,

    /** Closes an ended month: revision 1 frozen. RP1002 before it ends, RP1001 when already closed. */
    async close(input: {
      companyId: string;
      month: string;
      userId: string;
      lang: Language;
      recipientIds: string[];
      /** Writes the history entry in the close's transaction. */
      audit?: (tx: Db, closureId: string) => Promise<void>;
    }): Promise<string> {
      const company = await companyOf(input.companyId);
      if ((await summaries.today(company.timeZone)) <= lastDayOf(input.month))
        throw new ConflictError('RP1002');
      if ((await repo.closures([company.id], input.month)).length > 0) throw new ConflictError('RP1001');
      const report = await reader.monthly({ company, companies: [company] }, input.month, input.lang);
      const files = await freeze(report, input.lang);
      return transact(async (tx) => {
        const txRepo = createMonthCloseRepository(tx);
        const id = await txRepo.insertClosure({
          companyId: company.id,
          month: input.month,
          closedBy: input.userId,
          language: input.lang,
          recipientIds: input.recipientIds,
          closedAt: new Date(report.generatedAt),
          checkedAt: new Date(report.generatedAt),
        });
        // a close that raced this one won: same answer as closing twice
        if (id === null) throw new ConflictError('RP1001');
        await txRepo.insertRevision({
          closureId: id,
          n: 1,
          createdAt: new Date(report.generatedAt),
          createdBy: input.userId,
          reason: 'close',
          report,
          changes: [],
          ...files,
        });
        await input.audit?.(tx, id);
        await onFrozen?.(tx, { closureId: id, n: 1 });
        return id;
      });
    },

    /** A company's closed month with its latest revision (what its monthly report shows), or null. */
    async frozen(companyId: string, month: string) {
      const [closure] = await repo.closures([companyId], month);
      if (!closure) return null;
      return { closure, revision: (await repo.revision(closure.id, null))! };
    },

    /** The daily job's round: every closed month whose summaries changed since its last check. */
    async reviseAll(): Promise<RevisionMade[]> {
      const made: RevisionMade[] = [];
      for (const closure of await repo.closuresToCheck()) {
        const revision = await revise(closure);
        if (revision) made.push(revision);
      }
      return made;
    },
  };
}

export type MonthClose = ReturnType<typeof createMonthClose>;
