/**
 * The operation % of the current local month so far (docs/REPORTS.md "Operation %"), as the
 * Overview shows it: the finished days of each company's month, made current first, added up.
 * One statement reads every company's month and tells whether its summaries are current; only a
 * company with a day never computed or a stale one goes through the engine and is counted again.
 */
import type { OperationThisMonth } from '@aforo/contracts/overview';
import type { Db } from '../db/client';
import { addDays } from '../lib/local-days';
import { createDailySummaryEngine } from './daily-summaries';
import { createOperationThisMonthRepository } from './operation-this-month.repository';
import { sumCounts } from './report-builder';
import { createReportsRepository } from './reports.repository';

export function createOperationThisMonth(db: Db) {
  const engine = createDailySummaryEngine(db);
  const repo = createOperationThisMonthRepository(db);
  const reports = createReportsRepository(db);

  /** Of some companies, each from its own month's first day to its own yesterday. */
  return async function operationThisMonth(companyIds: readonly string[]): Promise<OperationThisMonth> {
    const months = await repo.monthsAcrossCompanies(companyIds);
    const counts = [];
    let month = '';
    let from = '';
    let to = '';
    // in the order asked: the first company of the earliest month names it (as before issue 25)
    for (const id of companyIds) {
      const company = months.get(id);
      if (company === undefined) continue;
      const { today, timeZone } = company;
      const first = `${today.slice(0, 7)}-01`;
      const yesterday = addDays(today, -1);
      if (month === '' || first < from) [month, from, to] = [today.slice(0, 7), first, yesterday];
      if (yesterday < first) continue;
      if (company.current) {
        counts.push(company.counts);
        continue;
      }
      await engine.ensure(id, timeZone, first, yesterday);
      counts.push(await reports.classCounts([id], first, yesterday));
    }
    return { ...sumCounts(counts), month, from, to };
  };
}
