/**
 * SQL of the alert engine: what a series is checked against, the evaluator's locked memory of each
 * series, and the alert rows its transitions write. Every function runs inside the engine's
 * transaction (`tx`), so alerts, states and series colours commit together or not at all.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alertLevelRank, type AlertType } from '@aforo/contracts/alert-types';
import type { Db } from '../db/client';
import { emptySeriesState, type SeriesState } from './evaluator';
import type { RulePoint, RulePort } from './series-rules';

const p = sql.param;

/**
 * Measurement times travel as epoch milliseconds (fractions hold the microseconds PostgreSQL keeps),
 * and go back to SQL as whole microseconds, so that "after the last evaluated sample" never re-reads
 * that sample through a floating-point rounding.
 */
export const micros = (ms: number | null) => Math.round((ms ?? 0) * 1000);
export const fromMicros = (column: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  sql`(to_timestamp(0) + ${column} * interval '1 microsecond')`;
export const msOf = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::float8 / 1000`);
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SeriesKey {
  pointId: string;
  port: string;
}
export const seriesId = (k: SeriesKey) => `${k.pointId}|${k.port}`;

export interface SeriesContext {
  companyId: string;
  point: RulePoint;
  port: RulePort;
  /** The point is in test or its device in maintenance: alerts are recorded muted. */
  muted: boolean;
  deviceId: string | null;
}

interface ContextRow {
  point_id: string;
  port: string;
  company_id: string;
  kind: string;
  alert_value: number | null;
  warning_value: number | null;
  ground_level: number | null;
  invert_level: number | null;
  alert_flat: boolean;
  default_amount_measures_flat: number;
  default_amount_gap_measure_exceed: number;
  transmission_time: number;
  alert_on_delay: number;
  alert_off_delay: number;
  alert_deadband: number | null;
  test: boolean;
  params: RulePort | null;
  port_type: string | null;
  device_id: string | null;
  device_state: string | null;
}

/** The point, port parameters, port type and device of each series (deleted points are left out). */
export async function loadSeriesContexts(tx: Db, keys: SeriesKey[]): Promise<Map<string, SeriesContext>> {
  const result = await tx.execute(sql`
    select k.point_id::text, k.port, p.company_id::text, p.kind, p.alert_value, p.warning_value,
      p.ground_level, p.invert_level, p.alert_flat, p.default_amount_measures_flat,
      p.default_amount_gap_measure_exceed, p.transmission_time, p.alert_on_delay, p.alert_off_delay,
      p.alert_deadband, p.test, p.parameters -> k.port as params,
      (select mp ->> 'type' from jsonb_array_elements(m.ports) mp where mp ->> 'key' = k.port limit 1)
        as port_type,
      d.id::text as device_id, d.state as device_state
    from unnest(${p(keys.map((k) => k.pointId))}::uuid[], ${p(keys.map((k) => k.port))}::text[]) as k(point_id, port)
    join measurement_points p on p.id = k.point_id and p.deleted_at is null
    left join lateral (
      select id, state, model_id from devices
      where measurement_point_id = p.id and deleted_at is null
      order by (state = 'Active') desc, updated_at desc limit 1
    ) d on true
    left join models m on m.id = d.model_id`);
  const contexts = new Map<string, SeriesContext>();
  for (const r of rowsOf<ContextRow>(result)) {
    contexts.set(seriesId({ pointId: r.point_id, port: r.port }), {
      companyId: r.company_id,
      point: {
        alertValue: r.alert_value,
        warningValue: r.warning_value,
        groundLevel: r.ground_level,
        invertLevel: r.invert_level,
        alertFlat: r.alert_flat,
        defaultAmountMeasuresFlat: r.default_amount_measures_flat,
        defaultAmountGapMeasureExceed: r.default_amount_gap_measure_exceed,
        transmissionTime: r.transmission_time,
        kind: r.kind,
        onDelay: r.alert_on_delay,
        offDelay: r.alert_off_delay,
        deadband: r.alert_deadband,
      },
      port: { ...(r.params ?? {}), type: r.port_type },
      muted: r.test || r.device_state === 'Maintenance',
      deviceId: r.device_id,
    });
  }
  return contexts;
}

/**
 * The evaluator's memory of each series, locked until the transaction ends: two processes evaluating
 * the same series take turns, and the second starts from what the first stored. Keys are locked in
 * one sorted order so two engines never wait on each other crosswise. `create`: the keys whose row
 * may not exist yet (a series new to this engine); the others cost no insert.
 */
export async function lockSeriesStates(
  tx: Db,
  keys: SeriesKey[],
  create: SeriesKey[] = keys,
): Promise<Map<string, SeriesState>> {
  if (keys.length === 0) return new Map();
  const sorted = [...keys].sort((a, b) => seriesId(a).localeCompare(seriesId(b)));
  const points = p(sorted.map((k) => k.pointId));
  const ports = p(sorted.map((k) => k.port));
  if (create.length > 0)
    await tx.execute(sql`
      insert into alert_series_states (point_id, port, state)
      select point_id, port, ${p(JSON.stringify(emptySeriesState()))}::jsonb
      from unnest(${p(create.map((k) => k.pointId))}::uuid[], ${p(create.map((k) => k.port))}::text[])
        as k(point_id, port)
      order by point_id, port
      on conflict do nothing`);
  const result = await tx.execute(sql`
    select s.point_id::text, s.port, s.state from alert_series_states s
    join unnest(${points}::uuid[], ${ports}::text[]) as k(point_id, port)
      on s.point_id = k.point_id and s.port = k.port
    order by s.point_id, s.port
    for update of s`);
  const states = new Map<string, SeriesState>();
  for (const r of rowsOf<{ point_id: string; port: string; state: SeriesState }>(result))
    states.set(seriesId({ pointId: r.point_id, port: r.port }), { ...emptySeriesState(), ...r.state });
  return states;
}

/**
 * Stores each series' memory. `create`: rows that are gone (a test's clean-up) are written again —
 * for an engine that keeps the memory itself and so never re-reads (and re-creates) them.
 */
export async function saveSeriesStates(
  tx: Db,
  entries: Array<[SeriesKey, SeriesState]>,
  { create = false } = {},
): Promise<void> {
  if (entries.length === 0) return;
  const rows = sql`unnest(${p(entries.map(([k]) => k.pointId))}::uuid[], ${p(entries.map(([k]) => k.port))}::text[],
      ${p(entries.map(([, s]) => JSON.stringify(s)))}::jsonb[]) as k(point_id, port, state)`;
  if (create)
    await tx.execute(sql`
      insert into alert_series_states (point_id, port, state) select k.point_id, k.port, k.state from ${rows}
      on conflict (point_id, port) do update set state = excluded.state, updated_at = now()`);
  else
    await tx.execute(sql`
      update alert_series_states s set state = k.state, updated_at = now() from ${rows}
      where s.point_id = k.point_id and s.port = k.port`);
}

/**
 * Measured values end the silence: each series' NO_TRANSMISSION (and its point's) clears at the
 * series' newest value — one statement for the whole round (a query per series was most of a
 * round's time under load). Where several series of a point arrive together, the earliest clears it.
 */
export async function clearSilence(
  tx: Db,
  heard: Array<{ key: SeriesKey; ts: number; value: number | null }>,
): Promise<Array<{ id: string; pointId: string }>> {
  if (heard.length === 0) return [];
  const result = await tx.execute(sql`
    update alerts a set cleared_at = c.ts, cleared_value = c.value, updated_at = now()
    from (
      select distinct on (s.id) s.id, k.ts, k.value
      from unnest(${p(heard.map((h) => h.key.pointId))}::uuid[], ${p(heard.map((h) => h.key.port))}::text[],
        ${p(heard.map((h) => new Date(h.ts).toISOString()))}::timestamptz[],
        ${p(heard.map((h) => h.value))}::float8[]) as k(point_id, port, ts, value)
      join alerts s on s.point_id = k.point_id and (s.port = k.port or s.port is null)
        and s.type = 'NO_TRANSMISSION' and s.cleared_at is null
      order by s.id, k.ts
    ) c
    where a.id = c.id
    returning a.id::text, a.point_id::text`);
  return rowsOf<{ id: string; point_id: string }>(result).map((r) => ({ id: r.id, pointId: r.point_id }));
}

/** Points with an open NO_TRANSMISSION: all of them, or those among `pointIds`. */
export async function pointsWithOpenSilence(tx: Db, pointIds?: string[]): Promise<Set<string>> {
  if (pointIds?.length === 0) return new Set();
  const among = pointIds ? sql`and point_id = any(${p([...new Set(pointIds)])}::uuid[])` : sql``;
  const result = await tx.execute(sql`
    select distinct point_id::text from alerts
    where type = 'NO_TRANSMISSION' and cleared_at is null ${among}`);
  return new Set(rowsOf<{ point_id: string }>(result).map((r) => r.point_id));
}

/** SQL rank of a level column, from contracts alertLevelRank (one ordering for every "worst" read). */
export function levelRankOf(column: SQL): SQL {
  const cases = Object.entries(alertLevelRank).map(
    ([level, rank]) => sql`when ${level} then ${sql.raw(String(rank))}`,
  );
  return sql`case ${column} ${sql.join(cases, sql` `)} else 0 end`;
}
const levelRank = levelRankOf(sql`a.level`);

/**
 * series_latest.alert_level of every series of these points = its worst active alert or its point's.
 * Only rows whose level changes are written, and they are locked first in (point, port) order — the
 * order the writer's batches upsert them in: the writer updates the same rows with every batch, and
 * an update taking them in another order deadlocked with it (PostgreSQL aborts one of the two after
 * a second: a batch retried message by message, publish → commit stalls of seconds).
 */
export async function refreshPointLevels(tx: Db, pointIds: string[] | 'all'): Promise<void> {
  if (pointIds.length === 0) return;
  const which = pointIds === 'all' ? sql`true` : sql`s.point_id = any(${p([...new Set(pointIds)])}::uuid[])`;
  const worst = sql`coalesce((
    select a.level from alerts a
    where a.point_id = s.point_id and (a.port = s.port or a.port is null) and a.cleared_at is null
    order by ${levelRank} desc limit 1), 'OK')`;
  await tx.execute(sql`
    with w as (
      select s.point_id, s.port, ${worst} as level from series_latest s
      where ${which} and s.alert_level is distinct from ${worst}
      order by s.point_id, s.port
      for update of s
    )
    update series_latest sl set alert_level = w.level
    from w where sl.point_id = w.point_id and sl.port = w.port`);
}

/** Series whose stored measures run ahead of their evaluator (a crash between commit and evaluation). */
export async function laggingSeries(
  tx: Db,
  limit: number,
): Promise<Array<SeriesKey & { after: number | null }>> {
  const result = await tx.execute(sql`
    select sl.point_id::text, sl.port, (s.state ->> 'lastTs')::float8 as after
    from series_latest sl join alert_series_states s on s.point_id = sl.point_id and s.port = sl.port
    where (s.state ->> 'lastTs') is null
      or sl.ts > ${fromMicros(sql.raw(`round((s.state ->> 'lastTs')::numeric * 1000)::float8`))}
    limit ${p(limit)}`);
  return rowsOf<{ point_id: string; port: string; after: number | null }>(result).map((r) => ({
    pointId: r.point_id,
    port: r.port,
    after: r.after,
  }));
}

/** How many measures each series stores after its evaluated time and before `upTo` (both epoch ms). */
export async function countMeasuresBetween(
  tx: Db,
  ranges: Array<SeriesKey & { after: number; upTo: number }>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ranges.length === 0) return counts;
  const result = await tx.execute(sql`
    select k.point_id::text, k.port, (
      select count(*) from measures
      where point_id = k.point_id and port = k.port
        and ts > ${fromMicros(sql.raw('k.after'))} and ts < ${fromMicros(sql.raw('k.up_to'))})::int as n
    from unnest(${p(ranges.map((k) => k.pointId))}::uuid[], ${p(ranges.map((k) => k.port))}::text[],
      ${p(ranges.map((k) => micros(k.after)))}::float8[], ${p(ranges.map((k) => micros(k.upTo)))}::float8[])
      as k(point_id, port, after, up_to)`);
  for (const r of rowsOf<{ point_id: string; port: string; n: number }>(result))
    counts.set(seriesId({ pointId: r.point_id, port: r.port }), Number(r.n));
  return counts;
}

/**
 * The stored measures of each series after its evaluated time (epoch ms; null: from the start) and
 * before `upTo` (epoch ms, exclusive; null: no bound), oldest first, at most `limit` per series:
 * what a round evaluates, whoever committed them.
 */
export async function measuresAfter(
  tx: Db,
  from: Array<SeriesKey & { after: number | null; upTo: number | null }>,
  limit: number,
): Promise<Map<string, Array<{ ts: number; value: number | null; flag: number }>>> {
  const byId = new Map<string, Array<{ ts: number; value: number | null; flag: number }>>();
  if (from.length === 0) return byId;
  const result = await tx.execute(sql`
    select k.point_id::text, k.port, m.ts, m.value, m.flag
    from unnest(${p(from.map((k) => k.pointId))}::uuid[], ${p(from.map((k) => k.port))}::text[],
      ${p(from.map((k) => micros(k.after)))}::float8[],
      ${p(from.map((k) => (k.upTo === null ? null : micros(k.upTo))))}::float8[]) as k(point_id, port, after, up_to)
    cross join lateral (
      select ${msOf('ts')} as ts, interpreted as value, flag from measures
      where point_id = k.point_id and port = k.port and ts > ${fromMicros(sql.raw('k.after'))}
        and (k.up_to is null or ts < ${fromMicros(sql.raw('k.up_to'))})
      order by ts limit ${p(limit)}) m
    order by k.point_id, k.port, m.ts`);
  for (const r of rowsOf<{ point_id: string; port: string; ts: number; value: number | null; flag: number }>(
    result,
  )) {
    const id = seriesId({ pointId: r.point_id, port: r.port });
    let list = byId.get(id);
    if (!list) byId.set(id, (list = []));
    list.push({ ts: r.ts, value: r.value, flag: r.flag });
  }
  return byId;
}

export type { AlertType };
