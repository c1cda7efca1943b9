/**
 * A year of measures for the demo fleet, so charts, reports and lists have a past on first start.
 * Every value goes the way a real one does: the simulator's series → the raw value the device's
 * port type sends → convert() with the point's parameters (direct, adjusted, interpreted, flag).
 * Devices report only while their state history says they were transmitting (Active, Repaired), with
 * a few power cuts, and the demo faults of demo-faults.ts.
 */
import { sql } from 'drizzle-orm';
import { convert, type Flag } from '../lib/conversion';
import { faultAt, levelsOf, portsAtPoint, type SimulatedPort } from './device-plan';
import { simulatedPointOf, transmittingStates } from './demo-devices';
import { findInstalledDevices, stateHistoryOf } from './demo-devices.repository';
import { AlertReplay } from './demo-alert-replay';
import { rulePointOf } from '../alerting/series-rules';
import { insertFailedExamples } from './demo-failed-measures';
import { silentFor } from './demo-faults';
import { sampleAt, type Fault } from './series';
import { batteryAt, rssiAt } from './series-device';
import { hashText, prng } from './series-random';
import { day, hour, second } from './series-time';
import type { Db } from '../db/client';
import { ensureMeasurePartitions } from '../db/partitions';

export interface BackfillOptions {
  now: Date;
  /** How far back the history goes (days). */
  days?: number;
  /** The most recent days are at the point's measure time; older ones hourly (keeps the seed fast). */
  recentDays?: number;
  /** The MQTT topic prefix of the failed-measure examples. */
  topicPrefix?: string;
}

export interface BackfillSummary {
  measures: number;
  devices: number;
  events: number;
  partitions: string[];
  /** Alerts the replay of the history raised (demo-alert-replay.ts). */
  alerts: number;
}

/** Rows per INSERT: large enough to amortise a statement, small enough for PGlite's memory. */
const chunkRows = 20_000;
const p = sql.param;

/** A reporting window [from, to) in epoch ms. */
type Window = [number, number];

/** When the device was transmitting at its point, from its state history, within [from, to). */
function transmittingWindows(changes: { toState: string; at: Date }[], from: number, to: number): Window[] {
  const windows: Window[] = [];
  let open: number | null = null;
  for (const change of changes) {
    const at = change.at.getTime();
    if (transmittingStates.has(change.toState)) open ??= at;
    else if (open !== null) {
      windows.push([open, at]);
      open = null;
    }
  }
  if (open !== null) windows.push([open, to]);
  return windows.map(([a, b]): Window => [Math.max(a, from), Math.min(b, to)]).filter(([a, b]) => b > a);
}

/** A few power cuts per device and year (never in the last days: the demo starts healthy). */
function outages(serial: string, from: number, to: number): Window[] {
  const random = prng(hashText(`${serial}:outages`));
  const count = Math.floor(random() * 4);
  return Array.from({ length: count }, (): Window => {
    const start = from + random() * (to - 3 * day - from);
    return [start, start + (3 + random() * 27) * hour];
  });
}

const inside = (windows: Window[], t: number) => windows.some(([a, b]) => t >= a && t < b);

const faultMessages: Record<string, (port: SimulatedPort) => string> = {
  flat: () => 'Eco bloqueado: el sensor repite la misma lectura',
  jump: () => 'Falso eco detectado: salto brusco de la lectura',
  out_of_range: (port) =>
    port.type === 'current_4_20'
      ? 'Lazo 4-20 mA en fallo (3,6 mA, NAMUR NE43)'
      : 'Distancia medida mayor que la profundidad: lectura bajo la solera',
};

interface MeasureColumns {
  device: string[];
  port: string[];
  epoch: number[];
  point: string[];
  direct: number[];
  adjusted: (number | null)[];
  interpreted: (number | null)[];
  flag: Flag[];
}
const emptyColumns = (): MeasureColumns => ({
  device: [],
  port: [],
  epoch: [],
  point: [],
  direct: [],
  adjusted: [],
  interpreted: [],
  flag: [],
});

async function insertMeasures(tx: Db, c: MeasureColumns): Promise<void> {
  if (c.device.length === 0) return;
  // received 40 s after the measure: the device transmits right after measuring
  await tx.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, received_at, topic)
    select device_id, port, to_timestamp(epoch), point_id, direct, adjusted, interpreted, flag,
      to_timestamp(epoch + 40), 'seed'
    from unnest(${p(c.device)}::uuid[], ${p(c.port)}::text[], ${p(c.epoch)}::float8[], ${p(c.point)}::uuid[],
      ${p(c.direct)}::float8[], ${p(c.adjusted)}::float8[], ${p(c.interpreted)}::float8[], ${p(c.flag)}::int2[])
      as t(device_id, port, epoch, point_id, direct, adjusted, interpreted, flag)`);
}

interface EventRow {
  deviceId: string;
  type: 'ERROR' | 'RESTART' | 'SYSTEM';
  message: string;
  t: number;
}

export async function backfillDemoHistory(db: Db, options: BackfillOptions): Promise<BackfillSummary> {
  const now = options.now.getTime();
  const from = now - (options.days ?? 365) * day;
  const recentFrom = now - (options.recentDays ?? 90) * day;
  // every month of the year gets its partition first: nothing lands in the default partition
  const start = new Date(from);
  const monthsBack =
    (options.now.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    options.now.getUTCMonth() -
    start.getUTCMonth();
  const partitions = await ensureMeasurePartitions(db, options.now, monthsBack, 3);

  const installed = await findInstalledDevices(db);
  const changes = await stateHistoryOf(
    db,
    installed.map((d) => d.id),
  );
  const events: EventRow[] = [];
  const latest: {
    pointId: string;
    port: string;
    deviceId: string;
    epoch: number;
    direct: number;
    interpreted: number | null;
    flag: Flag;
  }[] = [];
  const status: { deviceId: string; epoch: number; battery: number; rssi: number }[] = [];
  let total = 0;
  let devicesWithHistory = 0;
  let eventCount = 0;
  const replay = new AlertReplay();

  await db.transaction(async (tx) => {
    let columns = emptyColumns();
    const flush = async () => {
      await insertMeasures(tx, columns);
      total += columns.device.length;
      columns = emptyColumns();
    };

    for (const device of installed) {
      const point = simulatedPointOf(device.point);
      const ports = portsAtPoint(device.modelPorts, point);
      if (ports.length === 0) continue;
      const levels = levelsOf(point);
      for (const port of ports)
        replay.add(
          {
            companyId: device.point.companyId,
            pointId: device.point.id,
            port: port.key,
            deviceId: device.id,
          },
          rulePointOf(device.point),
          { ...port.parameters, type: port.type },
        );
      const history = changes.filter((c) => c.deviceId === device.id);
      const windows = transmittingWindows(history, from, now);
      const cuts = outages(device.serial, from, now);
      let fault: Fault | undefined = faultAt(point.name);
      if (fault?.kind === 'silent') fault = { kind: 'silent', since: now - silentFor };
      // a device that went Not Operational failed first: its last two days read out of range
      const stopped = history.findLast((c) => c.toState === 'Not Operational')?.at.getTime();
      if (stopped !== undefined) {
        fault = { kind: 'out_of_range', window: { from: stopped - 2 * day, to: stopped } };
        events.push({
          deviceId: device.id,
          type: 'ERROR',
          message: 'Sin respuesta del sensor: el equipo deja de medir',
          t: stopped - 10 * 60_000,
        });
      }
      const maintenance = history.filter((c) => c.toState === 'Maintenance' && c.at.getTime() > from);
      for (const m of maintenance)
        events.push({
          deviceId: device.id,
          type: 'SYSTEM',
          message: 'Modo mantenimiento: transmisión detenida',
          t: m.at.getTime(),
        });
      for (const r of history.filter((c) => c.toState === 'Repaired' && c.at.getTime() > from))
        events.push({
          deviceId: device.id,
          type: 'RESTART',
          message: 'Reinicio tras mantenimiento: sensor revisado',
          t: r.at.getTime() + 15 * 60_000,
        });
      for (const [, end] of cuts)
        if (end < now)
          events.push({
            deviceId: device.id,
            type: 'RESTART',
            message: 'Reinicio tras corte de alimentación',
            t: end,
          });

      let last: { t: number; port: SimulatedPort; direct: number; interpreted: number | null; flag: Flag }[] =
        [];
      let lastT = 0;
      let previousFault: string | null = null;
      // never denser than 15 minutes (a point measuring every 10 s would hold 800,000 rows and
      // slow the seed); live values come at the simulator's own step anyway
      const step = Math.max(point.measureTime, 900) * second;
      const times = function* () {
        for (let t = Math.ceil(from / hour) * hour; t < recentFrom; t += hour) yield t;
        for (let t = Math.ceil(recentFrom / step) * step; t <= now; t += step) yield t;
        // and one a second before now: ingestion was heard just now, so the silence job's first run (before the
        // simulator's first message) sees no outage of ingestion as a whole
        const last = Math.ceil(now / second) * second - second;
        if (last % step !== 0) yield last;
      };
      for (const t of times()) {
        if (!inside(windows, t) || inside(cuts, t)) continue;
        const row: typeof last = [];
        for (const port of ports) {
          const s = sampleAt(port.site, port, levels, t, point.measureTime, fault);
          if (!s) continue;
          const c = convert(port.type, s.raw, port.parameters, levels);
          columns.device.push(device.id);
          columns.port.push(port.key);
          columns.epoch.push(t / 1000);
          columns.point.push(device.point.id);
          columns.direct.push(c.direct);
          columns.adjusted.push(c.adjusted);
          columns.interpreted.push(c.interpreted);
          columns.flag.push(c.flag);
          row.push({ t, port, direct: c.direct, interpreted: c.interpreted, flag: c.flag });
          replay.push(device.point.id, port.key, t, c.interpreted, c.flag);
          if (port === ports[0]) {
            if (s.fault && s.fault !== previousFault && s.fault !== 'silent')
              events.push({ deviceId: device.id, type: 'ERROR', message: faultMessages[s.fault]!(port), t });
            previousFault = s.fault;
          }
        }
        if (row.length > 0) {
          last = row;
          lastT = t;
        }
        if (columns.device.length >= chunkRows) await flush();
      }
      if (last.length === 0) continue;
      devicesWithHistory += 1;
      for (const l of last)
        latest.push({
          pointId: device.point.id,
          port: l.port.key,
          deviceId: device.id,
          epoch: l.t / 1000,
          direct: l.direct,
          interpreted: l.interpreted,
          flag: l.flag,
        });
      status.push({
        deviceId: device.id,
        epoch: lastT / 1000 + 40,
        battery: batteryAt(device.serial, lastT),
        rssi: rssiAt(device.serial, lastT),
      });
    }
    await flush();

    if (latest.length > 0)
      await tx.execute(sql`
        insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, updated_at)
        select point_id, port, device_id, to_timestamp(epoch), direct, interpreted, flag, to_timestamp(epoch + 40)
        from unnest(${p(latest.map((l) => l.pointId))}::uuid[], ${p(latest.map((l) => l.port))}::text[],
          ${p(latest.map((l) => l.deviceId))}::uuid[], ${p(latest.map((l) => l.epoch))}::float8[],
          ${p(latest.map((l) => l.direct))}::float8[], ${p(latest.map((l) => l.interpreted))}::float8[],
          ${p(latest.map((l) => l.flag))}::int2[]) as t(point_id, port, device_id, epoch, direct, interpreted, flag)
        on conflict (point_id, port) do update set device_id = excluded.device_id, ts = excluded.ts,
          direct = excluded.direct, interpreted = excluded.interpreted, flag = excluded.flag,
          updated_at = excluded.updated_at`);
    if (status.length > 0)
      await tx.execute(sql`
        update devices d set last_seen_at = to_timestamp(s.epoch), last_battery = s.battery, last_rssi = s.rssi
        from unnest(${p(status.map((s) => s.deviceId))}::uuid[], ${p(status.map((s) => s.epoch))}::float8[],
          ${p(status.map((s) => s.battery))}::float8[], ${p(status.map((s) => s.rssi))}::int[])
          as s(id, epoch, battery, rssi)
        where d.id = s.id`);
    const kept = events.filter((e) => e.t >= from && e.t <= now);
    eventCount = kept.length;
    if (kept.length > 0)
      await tx.execute(sql`
        insert into events (device_id, type, message, ts, received_at)
        select device_id, type, message, to_timestamp(epoch), to_timestamp(epoch + 40)
        from unnest(${p(kept.map((e) => e.deviceId))}::uuid[], ${p(kept.map((e) => e.type))}::text[],
          ${p(kept.map((e) => e.message))}::text[], ${p(kept.map((e) => e.t / 1000))}::float8[])
          as t(device_id, type, message, epoch)`);
    await insertFailedExamples(tx, installed, now, options.topicPrefix ?? 'aforo/v1');
    await replay.write(tx);
  });
  return {
    measures: total,
    devices: devicesWithHistory,
    events: eventCount,
    partitions,
    alerts: replay.finish().length,
  };
}
