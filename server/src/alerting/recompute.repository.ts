/**
 * SQL of the late-measure recompute (recompute.ts): a series' stored measures around the late one,
 * its recorded alerts from then on, and the rewrite of those alerts. Runs in the engine's round
 * transaction, with the series' memory locked (alerting.repository.ts lockSeriesStates), so no other
 * round evaluates the series meanwhile.
 */
import { sql } from 'drizzle-orm';
import { alertTypeLevel, type AlertType } from '@aforo/contracts/alert-types';
import type { Db } from '../db/client';
import { fromMicros, micros, msOf, rowsOf, type SeriesContext, type SeriesKey } from './alerting.repository';
import type { Sample } from './evaluator';

const p = sql.param;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An alert row of the series as the recompute reads and rewrites it (times in epoch ms). */
export interface StoredAlert {
  id: string;
  type: AlertType;
  openedAt: number;
  openedValue: number | null;
  lastAt: number;
  lastValue: number | null;
  count: number;
  clearedAt: number | null;
  clearedValue: number | null;
  late: boolean;
}
export type AlertFields = Omit<StoredAlert, 'id' | 'late'>;

/** The last `limit` valid samples (flag ≠ 4, a value) of the series before `before`, oldest first. */
export async function validSamplesBefore(
  tx: Db,
  key: SeriesKey,
  before: number,
  limit: number,
): Promise<Sample[]> {
  const result = await tx.execute(sql`
    select ${msOf('ts')} as ts, interpreted as value, flag from measures
    where point_id = ${key.pointId} and port = ${key.port} and flag <> 4 and interpreted is not null
      and ts < ${fromMicros(sql`${p(micros(before))}::float8`)}
    order by ts desc limit ${p(limit)}`);
  return rowsOf<Sample>(result).reverse();
}

/** The series' stored measures in [from, to] (epoch ms, both included), oldest first. */
export async function samplesBetween(tx: Db, key: SeriesKey, from: number, to: number): Promise<Sample[]> {
  const result = await tx.execute(sql`
    select ${msOf('ts')} as ts, interpreted as value, flag from measures
    where point_id = ${key.pointId} and port = ${key.port}
      and ts >= ${fromMicros(sql`${p(micros(from))}::float8`)}
      and ts <= ${fromMicros(sql`${p(micros(to))}::float8`)}
    order by ts`);
  return rowsOf<Sample>(result);
}

/**
 * The series' alerts active at `from` or opened since (NO_TRANSMISSION is the silence job's, never
 * the values'), oldest first, locked: an operator's acknowledgement waits for the rewrite.
 */
export async function alertsFrom(tx: Db, key: SeriesKey, from: number): Promise<StoredAlert[]> {
  const result = await tx.execute(sql`
    select id::text, type, ${msOf('opened_at')} as "openedAt", opened_value as "openedValue",
      ${msOf('last_at')} as "lastAt", last_value as "lastValue", count,
      ${msOf('cleared_at')} as "clearedAt", cleared_value as "clearedValue", late
    from alerts
    where point_id = ${key.pointId} and port = ${key.port} and type <> 'NO_TRANSMISSION'
      and (cleared_at is null or cleared_at >= ${fromMicros(sql`${p(micros(from))}::float8`)})
    order by opened_at, id
    for update`);
  return rowsOf<StoredAlert>(result);
}

export async function deleteAlerts(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`delete from alerts where id = any(${p(ids)}::uuid[])`);
}

/** Rewrites the times, values and count of alerts; the caller orders them so one active per type holds. */
export async function rewriteAlerts(tx: Db, rows: Array<{ id: string; next: AlertFields }>): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: { id: string; next: AlertFields }) => T) => p(rows.map(f));
  await tx.execute(sql`
    update alerts a set opened_at = k.opened_at, opened_value = k.opened_value, last_at = k.last_at,
      last_value = k.last_value, count = k.count, cleared_at = k.cleared_at,
      cleared_value = k.cleared_value, updated_at = now()
    from unnest(${col((r) => r.id)}::uuid[], ${col((r) => iso(r.next.openedAt))}::timestamptz[],
      ${col((r) => r.next.openedValue)}::float8[], ${col((r) => iso(r.next.lastAt))}::timestamptz[],
      ${col((r) => r.next.lastValue)}::float8[], ${col((r) => r.next.count)}::int[],
      ${col((r) => iso(r.next.clearedAt))}::timestamptz[], ${col((r) => r.next.clearedValue)}::float8[])
      as k(id, opened_at, opened_value, last_at, last_value, count, cleared_at, cleared_value)
    where a.id = k.id`);
}

/** Inserts alerts of the series (in the order given); returns their ids in that order. */
export async function insertAlerts(
  tx: Db,
  key: SeriesKey,
  context: SeriesContext,
  rows: Array<AlertFields & { late: boolean }>,
): Promise<string[]> {
  const ids: string[] = [];
  // one statement each: their order keeps one active alert per type at every step
  for (const r of rows) {
    const result = await tx.execute(sql`
      insert into alerts (company_id, point_id, port, device_id, type, level, opened_at, opened_value,
        last_at, last_value, count, cleared_at, cleared_value, late, muted)
      values (${context.companyId}::uuid, ${key.pointId}::uuid, ${key.port}, ${context.deviceId}::uuid,
        ${r.type}, ${alertTypeLevel[r.type]}, ${iso(r.openedAt)}::timestamptz, ${r.openedValue}::float8,
        ${iso(r.lastAt)}::timestamptz, ${r.lastValue}::float8, ${r.count}, ${iso(r.clearedAt)}::timestamptz,
        ${r.clearedValue}::float8, ${r.late}, ${context.muted})
      returning id::text`);
    ids.push(rowsOf<{ id: string }>(result)[0]!.id);
  }
  return ids;
}
