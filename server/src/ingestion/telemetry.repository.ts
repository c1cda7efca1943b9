/** SQL of the ingestion write path: one multi-row statement per table and batch (unnest of arrays). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shareDeviceLocks } from '../db/device-lock';
import type { DeviceStatus, EventRow, FailedRow, MeasureRow } from './pipeline';

const p = sql.param;
export const keyOf = (deviceId: string, port: string, epoch: number) =>
  `${deviceId}|${port}|${Math.round(epoch * 1000)}`;

/**
 * Measures and series_latest in one statement; returns the keys that were already stored
 * (duplicates). Only the count comes back in the usual case: returning every inserted row cost a
 * third of the throughput on PGlite. `rows` must hold each key once.
 */
export async function insertMeasures(tx: Db, rows: MeasureRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const device = rows.map((m) => m.deviceId);
  const port = rows.map((m) => m.port);
  const epoch = rows.map((m) => m.epoch);
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(${p(device)}::uuid[], ${p(port)}::text[], ${p(epoch)}::float8[],
        ${p(rows.map((m) => m.pointId))}::uuid[], ${p(rows.map((m) => m.direct))}::float8[],
        ${p(rows.map((m) => m.adjusted))}::float8[], ${p(rows.map((m) => m.interpreted))}::float8[],
        ${p(rows.map((m) => m.flag))}::int2[], ${p(rows.map((m) => m.topic))}::text[])
        as t(device_id, port, epoch, point_id, direct, adjusted, interpreted, flag, topic)
    ), ins as (
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, topic)
      select device_id, port, to_timestamp(epoch), point_id, direct, adjusted, interpreted, flag, topic from input
      on conflict do nothing
      returning point_id, port, device_id, ts, direct, interpreted, flag
    ), latest as (
      insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, updated_at)
      select distinct on (point_id, port) point_id, port, device_id, ts, direct, interpreted, flag, now()
      from ins where point_id is not null
      order by point_id, port, ts desc
      on conflict (point_id, port) do update set device_id = excluded.device_id, ts = excluded.ts,
        direct = excluded.direct, interpreted = excluded.interpreted, flag = excluded.flag,
        updated_at = excluded.updated_at
      where excluded.ts >= series_latest.ts
    )
    select count(*)::int as inserted from ins`);
  const [{ inserted }] = (result as unknown as { rows: [{ inserted: number }] }).rows;
  if (inserted === rows.length) return new Set();
  // some keys were there already: they are the rows this transaction did not write (received_at
  // defaults to now(), the transaction's start time, so rows of other transactions differ)
  const found = await tx.execute(sql`
    select t.device_id::text as device_id, t.port, t.epoch
    from unnest(${p(device)}::uuid[], ${p(port)}::text[], ${p(epoch)}::float8[]) as t(device_id, port, epoch)
    join measures m on m.device_id = t.device_id and m.port = t.port and m.ts = to_timestamp(t.epoch)
    where m.received_at <> now()`);
  const dupes = (found as unknown as { rows: { device_id: string; port: string; epoch: number }[] }).rows;
  return new Set(dupes.map((r) => keyOf(r.device_id, r.port, r.epoch)));
}

/**
 * Shares the batch's device locks (db/device-lock.ts), then returns the ids still there: read after
 * the locks, so a hard delete that committed while this batch waited is seen as gone. A delete takes
 * its lock before it looks for measures, so either it waits for this batch to commit (and then sees
 * its measures) or this batch waits for the delete (and finds no device).
 */
export async function lockDevices(tx: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  await shareDeviceLocks(tx, ids);
  const result = await tx.execute(sql`
    select id::text as id from devices where id = any(${p([...new Set(ids)])}::uuid[])`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
}

export async function insertFailures(tx: Db, rows: FailedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into failed_measures (received_at, topic, serial, reason, detail, payload, measure_index)
    select to_timestamp(r), topic, serial, reason, detail, payload, idx from unnest(
      ${p(rows.map((f) => f.receivedAt.getTime() / 1000))}::float8[], ${p(rows.map((f) => f.topic))}::text[],
      ${p(rows.map((f) => f.serial))}::text[], ${p(rows.map((f) => f.reason))}::text[],
      ${p(rows.map((f) => f.detail))}::text[], ${p(rows.map((f) => f.payload))}::text[],
      ${p(rows.map((f) => f.measureIndex))}::int[]) as t(r, topic, serial, reason, detail, payload, idx)`);
}

export async function insertEvents(tx: Db, rows: EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into events (device_id, type, message, ts)
    select device_id, type, message, to_timestamp(epoch) from unnest(
      ${p(rows.map((e) => e.deviceId))}::uuid[], ${p(rows.map((e) => e.type))}::text[],
      ${p(rows.map((e) => e.message))}::text[], ${p(rows.map((e) => e.epoch))}::float8[])
      as t(device_id, type, message, epoch)`);
}

/** Latest status per device, one UPDATE for all of them (sorted: a stable lock order). */
export async function updateDeviceStatus(db: Db, rows: DeviceStatus[]): Promise<void> {
  if (rows.length === 0) return;
  rows.sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1));
  await db.execute(sql`
    update devices d set
      last_seen_at = greatest(d.last_seen_at, to_timestamp(v.seen)),
      last_battery = coalesce(v.battery, d.last_battery),
      last_rssi = coalesce(v.rssi, d.last_rssi),
      firmware_id = coalesce(v.firmware_id, d.firmware_id)
    from unnest(${p(rows.map((r) => r.deviceId))}::uuid[], ${p(rows.map((r) => r.seenAt.getTime() / 1000))}::float8[],
      ${p(rows.map((r) => r.battery))}::float8[], ${p(rows.map((r) => (r.rssi === null ? null : Math.round(r.rssi))))}::int[],
      ${p(rows.map((r) => r.firmwareId))}::uuid[]) as v(id, seen, battery, rssi, firmware_id)
    where d.id = v.id`);
}
