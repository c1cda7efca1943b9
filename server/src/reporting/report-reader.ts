/**
 * The reports over some companies and a period (docs/REPORTS.md): their daily summaries made current,
 * then built into the figures the screen, the files, the API answer and the month close share. No
 * access check here: the HTTP module (modules/reports) decides who may ask, the close engine is the
 * system.
 */
import type { Language } from '@aforo/contracts/constants';
import type { LevelReport, MonthlyReport, QuarterlyReport } from '@aforo/contracts/reports';
import type { Db } from '../db/client';
import { createDailySummaryEngine } from './daily-summaries';
import {
  daysOf,
  levelRows,
  monthlyRows,
  operationFormulas,
  quarterlyRows,
  sumCounts,
} from './report-builder';
import { createReportsRepository, type ReportCompanyRow } from './reports.repository';

/** The last day of a month "YYYY-MM". */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** "2026-Q4" → its three months. */
export function monthsOf(quarter: string): string[] {
  const year = quarter.slice(0, 4);
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${year}-${String(first + i).padStart(2, '0')}`);
}

/** Which companies a report adds up, and the one it is of (null: the network). */
export interface ReportScope {
  company: ReportCompanyRow | null;
  companies: ReportCompanyRow[];
}

/**
 * `readAfter` gives the database the summaries are read from once `db` made them current: the
 * primary itself (the month close, which reads what it writes), or a read replica that has replayed
 * those writes (db/read-replica.ts caughtUp, for the report screens).
 */
export function createReportReader(db: Db, clock: () => Date, readAfter: () => Promise<Db> = async () => db) {
  const engine = createDailySummaryEngine(db);

  /** Summaries made current, then read: the points, their main series' days, and whether days are to come. */
  async function read(companies: ReportCompanyRow[], from: string, to: string) {
    let open = false;
    for (const c of companies) {
      const yesterday = await engine.ensure(c.id, c.timeZone, from, to);
      if (to > yesterday) open = true;
    }
    const repo = createReportsRepository(await readAfter());
    const ids = companies.map((c) => c.id);
    const [points, summaries] = await Promise.all([
      repo.points(ids, from, to),
      repo.mainSummaries(ids, from, to),
    ]);
    return { points, summaries, open };
  }

  function header(
    lang: Language,
    company: ReportCompanyRow | null,
    label: string,
    from: string,
    to: string,
    open: boolean,
  ) {
    return {
      company,
      period: { label, from, to, open },
      generatedAt: clock().toISOString(),
      formula: operationFormulas[lang],
    };
  }

  return {
    async monthly(
      { company, companies }: ReportScope,
      month: string,
      lang: Language,
    ): Promise<MonthlyReport> {
      const from = `${month}-01`;
      const to = lastDayOf(month);
      const { points, summaries, open } = await read(companies, from, to);
      const rows = monthlyRows(points, summaries, daysOf(from, to));
      return {
        ...header(lang, company, month, from, to, open),
        totals: sumCounts(rows.map((r) => r.counts)),
        rows,
      };
    },

    async quarterly(
      { company, companies }: ReportScope,
      quarter: string,
      lang: Language,
    ): Promise<QuarterlyReport> {
      const months = monthsOf(quarter);
      const from = `${months[0]}-01`;
      const to = lastDayOf(months[2]!);
      const { points, summaries, open } = await read(companies, from, to);
      const rows = quarterlyRows(points, summaries, months);
      return {
        ...header(lang, company, quarter, from, to, open),
        months,
        totals: sumCounts(rows.map((r) => r.counts)),
        rows,
      };
    },

    async level(
      { company, companies }: ReportScope,
      from: string,
      to: string,
      lang: Language,
    ): Promise<LevelReport> {
      const { points, summaries, open } = await read(companies, from, to);
      const rows = levelRows(points, summaries, daysOf(from, to));
      return { ...header(lang, company, `${from}/${to}`, from, to, open), rows };
    },
  };
}

export type ReportReader = ReturnType<typeof createReportReader>;
