/**
 * The operation % of the current local month so far (docs/REPORTS.md "Operation %"), as the
 * Overview shows it: the finished days of each company's month, made current first, added up.
 */
import type { OperationThisMonth } from '@aforo/contracts/overview';
import type { Db } from '../db/client';
import { addDays } from '../lib/local-days';
import { createDailySummariesRepository } from './daily-summaries.repository';
import { createDailySummaryEngine } from './daily-summaries';
import { sumCounts } from './report-builder';
import { createReportsRepository } from './reports.repository';

export function createOperationThisMonth(db: Db) {
  const engine = createDailySummaryEngine(db);
  const summaries = createDailySummariesRepository(db);
  const reports = createReportsRepository(db);

  /** Of some companies, each from its own month's first day to its own yesterday. */
  return async function operationThisMonth(companyIds: readonly string[]): Promise<OperationThisMonth> {
    const counts = [];
    let month = '';
    let from = '';
    let to = '';
    for (const id of companyIds) {
      const tz = await summaries.timeZone(id);
      if (tz === null) continue;
      const today = await summaries.today(tz);
      const first = `${today.slice(0, 7)}-01`;
      const yesterday = addDays(today, -1);
      if (month === '' || first < from) [month, from, to] = [today.slice(0, 7), first, yesterday];
      if (yesterday < first) continue;
      await engine.ensure(id, tz, first, yesterday);
      counts.push(await reports.classCounts([id], first, yesterday));
    }
    return { ...sumCounts(counts), month, from, to };
  };
}
