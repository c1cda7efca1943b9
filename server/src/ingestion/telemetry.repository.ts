/** SQL of the ingestion write path: one multi-row statement per table and batch (unnest of arrays). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DeviceStatus, EventRow, FailedRow, Prepared } from './pipeline';

const p = sql.param;
export const keyOf = (deviceId: string, port: string, epoch: number) =>
  `${deviceId}|${port}|${Math.round(epoch * 1000)}`;

/** Measures and series_latest in one statement; returns the keys actually inserted (the rest were duplicates). */
export async function insertMeasures(tx: Db, messages: Prepared[]): Promise<Set<string>> {
  const cols = {
    device: [] as string[],
    port: [] as string[],
    epoch: [] as number[],
    point: [] as (string | null)[],
    direct: [] as number[],
    adjusted: [] as number[],
    interpreted: [] as (number | null)[],
    flag: [] as number[],
    topic: [] as (string | null)[],
  };
  for (const prepared of messages)
    for (const m of prepared.measures) {
      cols.device.push(m.deviceId);
      cols.port.push(m.port);
      cols.epoch.push(m.epoch);
      cols.point.push(m.pointId);
      cols.direct.push(m.direct);
      cols.adjusted.push(m.adjusted);
      cols.interpreted.push(m.interpreted);
      cols.flag.push(m.flag);
      cols.topic.push(m.topic);
    }
  if (cols.device.length === 0) return new Set();
  // one statement: the rows, the duplicates they hit, and the newest value of each series
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(${p(cols.device)}::uuid[], ${p(cols.port)}::text[], ${p(cols.epoch)}::float8[],
        ${p(cols.point)}::uuid[], ${p(cols.direct)}::float8[], ${p(cols.adjusted)}::float8[],
        ${p(cols.interpreted)}::float8[], ${p(cols.flag)}::int2[], ${p(cols.topic)}::text[])
        as t(device_id, port, epoch, point_id, direct, adjusted, interpreted, flag, topic)
    ), ins as (
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, topic)
      select device_id, port, to_timestamp(epoch), point_id, direct, adjusted, interpreted, flag, topic from input
      on conflict do nothing
      returning device_id, port, ts, point_id, direct, interpreted, flag
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
    select device_id, port, extract(epoch from ts)::float8 as epoch from ins`);
  const rows = (result as unknown as { rows: { device_id: string; port: string; epoch: number }[] }).rows;
  return new Set(rows.map((r) => keyOf(r.device_id, r.port, r.epoch)));
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
