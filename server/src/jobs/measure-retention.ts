/**
 * Measure retention (docs/OPERATIONS.md "Data life"), a job once a day, once across the cluster.
 *
 * A company with `measure_retention_months` = N keeps its current local month and the N before it;
 * its older measures go in whole UTC months (the partitions of `measures`): a month goes once it lies
 * wholly before that start. Nothing goes that ingestion could still accept (the month of the
 * backfill window on stays), so late data never lands in a removed month and the partitions job never
 * makes one again.
 *
 * - A monthly partition past the retention of every company that has measures in it is detached and
 *   dropped, with its hourly rollup rows (deleted first, in batches).
 * - Otherwise the rows of each company past its retention are deleted from it in batches, with their
 *   rollup rows; the same for the default partition (months that had no partition of their own).
 * - Before anything of a company goes, its daily summaries of those days are made current (computed
 *   or recomputed); afterwards they are never recomputed (reporting/daily-summaries.ts), so the
 *   reports and closed months read the same.
 * - Failed measures are not a company's: they go after FAILED_MEASURE_RETENTION_DAYS.
 *
 * Every removal is a row of `measure_removals` (written before a batched delete starts, its count
 * kept as batches commit) and a log line. A second run finds nothing more to remove.
 */
import type { Logger } from 'pino';
import type { Database, Db } from '../db/client';
import { oldestAcceptedMonth } from '../db/partitions';
import { createDailySummaryEngine } from '../reporting/daily-summaries';
import {
  createMeasureRetentionRepository,
  type CompanyScope,
  type MeasureRetentionRepository,
  type Removal,
} from './measure-retention.repository';
import type { Job } from './scheduler';

const day = 86_400_000;

export interface RetentionOptions {
  now: Date;
  backfillDays: number;
  failedMeasureDays: number;
  log: Pick<Logger, 'info' | 'warn'>;
  batchSize?: number;
  /** How long the detach of a partition may wait for the measures table's lock, per attempt. */
  lockTimeoutMs?: number;
  /** Attempts at the detach in one run, `retryDelayMs` apart (writers hold the table's lock briefly). */
  dropAttempts?: number;
  retryDelayMs?: number;
}

export interface RetentionResult {
  /** Partitions dropped. */
  dropped: string[];
  /** Rows deleted per table and company. */
  deleted: Array<{ tableName: string; companyId: string; rows: number }>;
  failedMeasures: number;
}

const monthStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drain(batch: () => Promise<number>, onBatch?: (n: number) => Promise<void>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    if (n > 0) await onBatch?.(n);
    total += n;
    if (n === 0) return total;
  }
}

/** What one run will remove, decided before anything goes. */
interface Plan {
  drops: Array<{ name: string; month: Date; owners: Set<string> }>;
  deletes: Array<{ companyId: string; tableName: string; month: Date | null; before: Date }>;
  /** Per company, the oldest instant it loses measures from. */
  from: Map<string, Date>;
}

export async function removeExpiredMeasures(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const {
    now,
    log,
    batchSize = 5_000,
    lockTimeoutMs = 5_000,
    dropAttempts = 3,
    retryDelayMs = 10_000,
  } = options;
  const repo: MeasureRetentionRepository = createMeasureRetentionRepository(db);
  const result: RetentionResult = { dropped: [], deleted: [], failedMeasures: 0 };
  const protectedFrom = oldestAcceptedMonth(now, options.backfillDays);

  // each company's measures older than this UTC month start go
  const cutoffs = new Map<string, { before: Date; timeZone: string }>();
  for (const r of await repo.retentions(now)) {
    const whole = monthStart(r.keptFrom);
    cutoffs.set(r.companyId, { before: whole < protectedFrom ? whole : protectedFrom, timeZone: r.timeZone });
  }
  const scopes = new Map<string, CompanyScope>();
  const scopeOf = async (companyId: string) => {
    if (!scopes.has(companyId)) scopes.set(companyId, await repo.scopeOf(companyId));
    return scopes.get(companyId)!;
  };

  async function plan(): Promise<Plan> {
    const planned: Plan = { drops: [], deletes: [], from: new Map() };
    const losesFrom = (companyId: string, at: Date) => {
      const was = planned.from.get(companyId);
      if (!was || at < was) planned.from.set(companyId, at);
    };
    if (cutoffs.size === 0) return planned;
    for (const { name, month } of await repo.monthlyPartitions()) {
      const end = monthStart(month, 1);
      if (end > protectedFrom) break;
      const past = (companyId: string) => (cutoffs.get(companyId)?.before ?? month) >= end;
      if (![...cutoffs.keys()].some(past)) continue;
      const owners = await repo.ownersIn(name);
      const whole = owners.size > 0 && [...owners].every(past);
      if (whole) planned.drops.push({ name, month, owners });
      for (const companyId of owners) {
        if (!past(companyId)) continue;
        losesFrom(companyId, month);
        if (!whole) planned.deletes.push({ companyId, tableName: name, month, before: end });
      }
    }
    // measures of months that had no partition of their own when they arrived
    for (const [companyId, { before }] of cutoffs) {
      const oldest = await repo.oldestOf('measures_default', await scopeOf(companyId), before);
      if (!oldest) continue;
      losesFrom(companyId, oldest);
      planned.deletes.push({ companyId, tableName: 'measures_default', month: null, before });
    }
    return planned;
  }

  /**
   * Makes the company's daily summaries of every local day it loses measures of current, before the
   * first of them goes: from then on those days are never recomputed (reporting/daily-summaries.ts).
   */
  async function keepSummaries(companyId: string, from: Date): Promise<void> {
    const { timeZone, before } = cutoffs.get(companyId)!;
    const first = await repo.localDay(from, timeZone);
    const last = await repo.localDay(new Date(before.getTime() - 1), timeZone);
    await createDailySummaryEngine(db).ensure(companyId, timeZone, first, last);
  }

  async function deleteCompanyRows(step: Plan['deletes'][number]): Promise<void> {
    const { companyId, tableName, month, before } = step;
    const scope = await scopeOf(companyId);
    // a monthly partition loses all the company's rows; the default one those older than `before`
    const olderThan = month ? null : before;
    const id = await repo.recordRemoval({
      action: 'delete_rows',
      tableName,
      month: month ? isoDay(month) : null,
      companyId,
      olderThan: before,
      rows: 0,
    });
    const rows = await drain(
      () => repo.deleteRows(tableName, scope, olderThan, batchSize),
      (n) => repo.addRemovedRows(id, n),
    );
    await drain(() => repo.deleteHourly(scope.pointIds, month, before, batchSize));
    result.deleted.push({ tableName, companyId, rows });
    log.info({ table: tableName, companyId, rows, olderThan: before }, 'measures removed past retention');
  }

  async function dropPartition(name: string, month: Date): Promise<void> {
    const end = monthStart(month, 1);
    const counted = await repo.rowsIn(name);
    const perCompany = new Map<string | null, number>();
    for (const r of counted) perCompany.set(r.companyId, (perCompany.get(r.companyId) ?? 0) + r.rows);
    const pointIds = counted.flatMap((r) => (r.pointId ? [r.pointId] : []));
    // the rollup first: a run that stops before the drop leaves raw rows, never rollups of nothing
    await drain(() => repo.deleteHourly(pointIds, month, end, batchSize));
    const removals: Removal[] = [...perCompany].map(([companyId, rows]) => ({
      action: 'drop_partition',
      tableName: name,
      month: isoDay(month),
      companyId,
      olderThan: end,
      rows,
    }));
    for (let attempt = 1; ; attempt += 1) {
      try {
        await repo.dropPartition(name, removals, lockTimeoutMs);
        break;
      } catch (err) {
        if (attempt >= dropAttempts) throw err;
        log.warn({ err, partition: name, attempt }, 'measure partition not dropped yet; trying again');
        await sleep(retryDelayMs);
      }
    }
    result.dropped.push(name);
    log.info(
      { partition: name, rows: Object.fromEntries([...perCompany].map(([c, n]) => [c ?? 'none', n])) },
      'measure partition dropped past retention',
    );
  }

  const planned = await plan();
  for (const [companyId, from] of planned.from) await keepSummaries(companyId, from);
  for (const drop of planned.drops) await dropPartition(drop.name, drop.month);
  for (const step of planned.deletes) await deleteCompanyRows(step);

  const failedBefore = new Date(now.getTime() - options.failedMeasureDays * day);
  let failedId: string | null = null;
  result.failedMeasures = await drain(
    () => repo.deleteFailedMeasures(failedBefore, batchSize),
    async (n) => {
      failedId ??= await repo.recordRemoval({
        action: 'delete_failed_measures',
        tableName: 'failed_measures',
        month: null,
        companyId: null,
        olderThan: failedBefore,
        rows: 0,
      });
      await repo.addRemovedRows(failedId, n);
    },
  );
  if (result.failedMeasures > 0)
    log.info(
      { rows: result.failedMeasures, olderThan: failedBefore },
      'failed measures removed past retention',
    );
  return result;
}

export function measureRetentionJob(options: {
  database: Database;
  backfillDays: number;
  failedMeasureDays: number;
  log: Logger;
}): Job {
  const { database, log } = options;
  return {
    name: 'measure-retention',
    schedule: { dailyAt: '02:30' },
    // a first run over years of measures may be long: never hold the start
    background: true,
    async run(tick) {
      const started = Date.now();
      const result = await removeExpiredMeasures(database.db, {
        now: tick,
        backfillDays: options.backfillDays,
        failedMeasureDays: options.failedMeasureDays,
        log,
      });
      log.info({ ...result, ms: Date.now() - started }, 'measure retention ran');
    },
  };
}
