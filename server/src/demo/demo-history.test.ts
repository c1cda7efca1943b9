import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedMeasureReasons } from '@aforo/contracts/device-protocol';
import { createDeviceDirectory } from '../ingestion/device-directory';
import { convert } from '../lib/conversion';
import { hashKey } from '../lib/key-hash';
import { loadDemoDevices } from './demo-devices';
import { demoFaults, silentFor } from './demo-faults';
import { openTestDatabase } from '../test/test-database';
import { testDemoPassword } from '../test/database-names';
import type { Database } from '../db/client';
import { backfillDemoHistory, type BackfillSummary } from './demo-history';
import { demoDeviceKey, demoProvisioningKey } from './demo-keys';

let database: Database;
let summary: BackfillSummary;
// the real clock: the simulator looks for the newest measures relative to the database's now()
// half a minute off the minute: a `now` on the measure grid itself (CI once started at 02:45:00)
// ends the device windows exactly on a grid point and the newest measure is one step older
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 30_000);
const day = 86_400_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface DeviceRow {
  id: string;
  serial: string;
  state: string;
  point_id: string;
  point_name: string;
  first: Date;
  last: Date;
  n: number;
}

let installed: DeviceRow[];
const byPoint = (name: string) => installed.find((d) => d.point_name === name)!;

beforeAll(async () => {
  database = await openTestDatabase();
  summary = await backfillDemoHistory(database.db, { now });
  installed = await rows<DeviceRow>(sql`
    select d.id, d.serial, d.state, p.id as point_id, p.name as point_name,
      min(m.ts) as first, max(m.ts) as last, count(m.ts)::int as n
    from devices d join measurement_points p on p.id = d.measurement_point_id
    left join measures m on m.device_id = d.id
    group by d.id, p.id order by d.serial`);
  for (const d of installed) {
    // pg returns Date, PGlite too; normalise for comparisons
    d.first = new Date(d.first);
    d.last = new Date(d.last);
  }
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe('demo history back-fill', () => {
  it('gives every installed device a year of measures, up to now for those transmitting', () => {
    expect(installed.length).toBe(27);
    expect(summary.devices).toBe(27);
    for (const d of installed) {
      expect(d.n, d.serial).toBeGreaterThan(1000);
      // the first hourly value of the year
      expect(Math.abs(d.first.getTime() - (now.getTime() - 365 * day)), d.serial).toBeLessThan(3_600_000);
      if (d.state !== 'Active' || demoFaults[d.point_name]?.kind === 'silent') continue;
      // the last value of the 15-minute grid before now
      expect(now.getTime() - d.last.getTime(), d.serial).toBeLessThan(15 * 60_000);
    }
    expect(summary.measures).toBe(installed.reduce((n, d) => n + d.n, 0));
  });

  it('uses the monthly partitions, never the default one', async () => {
    const parts = await rows<{ part: string; n: number }>(sql`
      select tableoid::regclass::text as part, count(*)::int as n from measures group by 1 order by 1`);
    expect(parts.find((p) => p.part === 'measures_default')).toBeUndefined();
    // the month a year ago through this one (12 when a leap year starts on the first hour)
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(parts.length).toBeLessThanOrEqual(13);
    expect(parts.every((p) => /^measures_y\d{4}m\d{2}$/.test(p.part))).toBe(true);
  });

  it('stores what convert() makes of the raw values, at the 15-minute step for the last 90 days', async () => {
    const zaragoza = byPoint('Ebro en Zaragoza (Puente de Piedra)');
    const recent = await rows<{ ts: Date; direct: number; interpreted: number; flag: number }>(sql`
      select ts, direct, interpreted, flag from measures where device_id = ${zaragoza.id}
      and ts > ${new Date(now.getTime() - day)} order by ts`);
    // 96 on the grid, and the one a second before now (ingestion heard just now)
    expect(recent.length).toBe(97);
    expect(now.getTime() - new Date(recent.at(-1)!.ts).getTime()).toBe(1000);
    for (const m of recent) {
      const c = convert(
        'radar',
        m.direct,
        {},
        { groundLevel: 6.5, invertLevel: 0, levelDifference: 0, value4mA: null, value20mA: null },
      );
      expect([m.interpreted, m.flag]).toEqual([c.interpreted, c.flag]);
    }
    const older = await rows<{ n: number }>(sql`
      select count(*)::int as n from measures where device_id = ${zaragoza.id}
      and ts between ${new Date(now.getTime() - 200 * day)} and ${new Date(now.getTime() - 199 * day)}`);
    expect(older[0]!.n).toBe(24);
  });

  it('keeps series_latest on the newest measure of each series, and the device status with it', async () => {
    const mismatches = await rows<{ point_id: string }>(sql`
      with newest as (
        select distinct on (point_id, port) point_id, port, device_id, ts, direct, interpreted, flag
        from measures order by point_id, port, ts desc
      )
      select n.point_id from newest n left join series_latest s using (point_id, port)
      where s.ts is distinct from n.ts or s.direct is distinct from n.direct
        or s.interpreted is distinct from n.interpreted or s.flag is distinct from n.flag
        or s.device_id is distinct from n.device_id`);
    expect(mismatches).toEqual([]);
    const latest = await rows<{ n: number }>(sql`select count(*)::int as n from series_latest`);
    expect(latest[0]!.n).toBe(27);
    const status = await rows<{
      serial: string;
      last_seen_at: Date;
      last_battery: number;
      last_rssi: number;
    }>(sql`
      select serial, last_seen_at, last_battery, last_rssi from devices where measurement_point_id is not null`);
    for (const s of status) {
      const d = installed.find((i) => i.serial === s.serial)!;
      expect(new Date(s.last_seen_at).getTime() - d.last.getTime()).toBe(40_000);
      expect(s.last_battery).toBeGreaterThan(3);
      expect(s.last_battery).toBeLessThan(3.8);
      expect(s.last_rssi).toBeLessThan(-50);
    }
  });

  it('shows the demo faults: a flat line, a jump, NAMUR failures, a silent device', async () => {
    const direct = (name: string) =>
      rows<{ direct: number; flag: number }>(sql`
        select direct, flag from measures where device_id = ${byPoint(name).id}
        and ts > ${new Date(now.getTime() - 90 * day)} order by ts`);
    const flat = await direct('Arga en Pamplona (Rotxapea)');
    let longest = 0;
    for (let i = 1, run = 1; i < flat.length; i++) {
      run = flat[i]!.direct === flat[i - 1]!.direct ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    // 36 h at 15 minutes, far beyond the flat-alert count of 10
    expect(longest).toBeGreaterThanOrEqual(36 * 4 - 1);

    const tudela = await direct('Ebro en Tudela');
    const steps = tudela.slice(1).map((m, i) => tudela[i]!.direct - m.direct);
    expect(Math.max(...steps)).toBeGreaterThan(3); // distance shrinks by 3.2 m: the level jumps up

    const lodosa = await direct('Canal de Lodosa en Mendavia');
    const namur = lodosa.filter((m) => m.direct === 3.6);
    expect(namur.length).toBeGreaterThan(0);
    expect(namur.every((m) => m.flag === 4)).toBe(true);

    const silent = byPoint('Pluviómetro de Cartagena');
    expect(now.getTime() - silent.last.getTime()).toBeGreaterThanOrEqual(silentFor);
    expect(now.getTime() - silent.last.getTime()).toBeLessThan(silentFor + 15 * 60_000);
  });

  it('stops devices where their state history does: Not Operational, Maintenance, and a gap before Repaired', async () => {
    const history = await rows<{ device_id: string; to_state: string; at: Date }>(sql`
      select device_id, to_state, at from device_state_history order by at`);
    for (const d of installed.filter((i) => i.state !== 'Active')) {
      const changes = history.filter((h) => h.device_id === d.id);
      const left = changes.find((h) => h.to_state === 'Not Operational' || h.to_state === 'Maintenance')!;
      const leftAt = new Date(left.at).getTime();
      const during = await rows<{ n: number }>(sql`
        select count(*)::int as n from measures where device_id = ${d.id} and ts >= ${new Date(leftAt)}
        and ts < ${new Date(d.state === 'Repaired' ? new Date(changes.at(-1)!.at).getTime() : now.getTime() + 1)}`);
      expect(during[0]!.n, `${d.serial} ${d.state}`).toBe(0);
      if (d.state === 'Repaired') expect(now.getTime() - d.last.getTime()).toBeLessThan(15 * 60_000);
      else expect(d.last.getTime()).toBeLessThan(leftAt);
    }
    // the not-operational ones failed first: their last two days read out of range (flag 4)
    for (const d of installed.filter((i) => i.state === 'Not Operational')) {
      const last = await rows<{ flag: number }>(sql`
        select flag from measures where device_id = ${d.id} order by ts desc limit 20`);
      expect(last.every((m) => m.flag === 4)).toBe(true);
    }
  });

  it('records events and one refused message per reason', async () => {
    const events = await rows<{ type: string; n: number }>(sql`
      select type, count(*)::int as n from events group by type order by type`);
    expect(events.map((e) => e.type)).toEqual(['ERROR', 'RESTART', 'SYSTEM']);
    expect(events.reduce((n, e) => n + e.n, 0)).toBe(summary.events);
    const restarts = await rows<{ serial: string }>(sql`
      select d.serial from events e join devices d on d.id = e.device_id
      where e.type = 'RESTART' and e.message like '%mantenimiento%'`);
    expect(restarts.map((r) => r.serial).sort()).toEqual(
      installed.filter((d) => d.state === 'Repaired').map((d) => d.serial),
    );
    const failed = await rows<{ reason: string; payload: string; topic: string }>(sql`
      select reason, payload, topic from failed_measures order by received_at`);
    expect(failed.map((f) => f.reason).sort()).toEqual([...failedMeasureReasons].sort());
    for (const f of failed) {
      expect(f.topic).toMatch(/^aforo\/v1\/[A-Z]+\/AFR-\d{4}\/up$/);
      if (f.reason !== 'unknown format') expect(() => JSON.parse(f.payload) as unknown).not.toThrow();
    }
  });
});

describe('after the back-fill', () => {
  it('the live simulator picks each series up where its history ends', async () => {
    const devices = await loadDemoDevices(database.db, testDemoPassword);
    expect(devices.length).toBe(22);
    for (const d of devices) {
      const row = installed.find((i) => i.serial === d.serial)!;
      expect(d.resumeFrom?.getTime(), d.serial).toBe(row.last.getTime());
    }
  });
});

describe('demo keys', () => {
  it('stores the hash of each demo device key, and the broker accepts the key', async () => {
    const devices = await rows<{ serial: string; state: string; key_hash: string | null }>(sql`
      select serial, state, key_hash from devices where serial like 'AFR-%'`);
    expect(devices.length).toBe(38);
    for (const d of devices)
      expect(d.key_hash, d.serial).toBe(
        d.state === 'Unconfigured' ? null : hashKey(demoDeviceKey(testDemoPassword, d.serial)),
      );
    const directory = createDeviceDirectory(database.db);
    const active = installed.find((d) => d.state === 'Active')!;
    expect(
      (await directory.authenticate(active.serial, demoDeviceKey(testDemoPassword, active.serial)))?.serial,
    ).toBe(active.serial);
    expect(
      await directory.authenticate(active.serial, demoDeviceKey('another-password', active.serial)),
    ).toBeNull();
  });

  it('stores each product provisioning key hash; a new serial registers with it', async () => {
    const products = await rows<{ code: string; provisioning_key_hash: string }>(sql`
      select code, provisioning_key_hash from products`);
    expect(products.length).toBe(4);
    for (const p of products)
      expect(p.provisioning_key_hash).toBe(hashKey(demoProvisioningKey(testDemoPassword, p.code)));
    const directory = createDeviceDirectory(database.db);
    const registered = await directory.authenticate('SIM-9001', demoProvisioningKey(testDemoPassword, 'LVL'));
    expect([registered?.state, registered?.productCode]).toEqual(['Unconfigured', 'LVL']);
  });
});
