/**
 * The demo seed's alerts: every state of docs/ALERTS.md on the client companies' points, the memory
 * of each series matching what is active, and the real engine continuing from it.
 */
import { createLocalBus } from '../events/event-bus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createAlertEngine } from '../alerting/alert-engine';
import { checkSilence } from '../alerting/silence-job';
import { createEventBus } from '../events/event-bus';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { seedDemoAlerts } from './demo-alerts';
import { backfillDemoHistory } from './demo-history';

let database: Database;
const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 30_000);
const day = 86_400_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface AlertRow {
  id: string;
  company: string;
  point: string;
  device_state: string | null;
  port: string | null;
  type: string;
  active: boolean;
  acknowledged_by: string | null;
  acknowledge_comment: string | null;
  shelved_until: Date | string | null;
  shelve_reason: string | null;
  late: boolean;
  muted: boolean;
  count: number;
}
const alertRows = () =>
  rows<AlertRow>(sql`
    select a.id::text, c.business_name as company, p.name as point, d.state as device_state, a.port,
      a.type, a.cleared_at is null as active, u.email as acknowledged_by, a.acknowledge_comment,
      a.shelved_until, a.shelve_reason, a.late, a.muted, a.count
    from alerts a join companies c on c.id = a.company_id join measurement_points p on p.id = a.point_id
    left join devices d on d.measurement_point_id = p.id left join users u on u.id = a.acknowledged_by`);

let seeded: AlertRow[];
let replayed: number;

beforeAll(async () => {
  database = await openTestDatabase();
  // two months keep the test quick: several periodic faults of each kind fall inside
  const summary = await backfillDemoHistory(database.db, { now, days: 60, recentDays: 10 });
  replayed = summary.alerts;
  await seedDemoAlerts(database.db, now);
  seeded = await alertRows();
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe('demo seed alerts', () => {
  it('holds alerts in every state, on client companies only', () => {
    const state = (a: AlertRow) =>
      a.active
        ? a.acknowledged_by
          ? 'acknowledged'
          : 'open'
        : a.acknowledged_by
          ? 'cleared'
          : 'cleared_unacknowledged';
    const states = new Set(seeded.map(state));
    expect([...states].sort()).toEqual(['acknowledged', 'cleared', 'cleared_unacknowledged', 'open']);
    const shelved = seeded.filter(
      (a) => a.shelve_reason && new Date(a.shelved_until!).getTime() > now.getTime(),
    );
    expect(shelved).toHaveLength(1);
    expect(seeded.filter((a) => a.late)).toHaveLength(1);
    expect(seeded.filter((a) => a.muted).length).toBeGreaterThan(0);
    expect(new Set(seeded.map((a) => a.company))).toEqual(
      new Set(['Canal del Norte S.A.', 'Aguas de Levante S.L.']),
    );
    expect(seeded.length).toBe(replayed + seeded.filter((a) => a.type === 'NO_TRANSMISSION').length);
  });

  it('acknowledgements come from the company operations user with a comment', () => {
    for (const a of seeded.filter((x) => x.acknowledged_by)) {
      expect(a.acknowledged_by).toMatch(/^chief-cliente\.(norte|levante)@demo\.aforo\.dev$/);
      expect(a.acknowledged_by!.includes('norte')).toBe(a.company === 'Canal del Norte S.A.');
      expect(a.acknowledge_comment?.length).toBeGreaterThan(10);
    }
  });

  it('what is silent now is what the No Transmission job would raise: a second check adds nothing', async () => {
    const silent = seeded.filter((a) => a.type === 'NO_TRANSMISSION');
    expect(silent.every((a) => a.active && a.port === null)).toBe(true);
    expect(silent.filter((a) => a.muted).every((a) => a.device_state === 'Maintenance')).toBe(true);
    expect(silent.map((a) => a.point)).toContain('Pluviómetro de Cartagena');
    const again = await checkSilence(database.db, createLocalBus(), new Date(now.getTime() + 60_000));
    expect(again.opened).toBe(0);
    expect(again.incidentsStarted).toBe(0);
  });

  it('each series remembers exactly its active alerts, up to its newest value', async () => {
    const series = await rows<{
      point_id: string;
      port: string;
      open: string[];
      last_ts: number;
      newest: Date;
    }>(sql`
      select s.point_id::text, s.port, array(select jsonb_array_elements_text(s.state -> 'open')) as open,
        (s.state ->> 'lastTs')::float8 as last_ts, sl.ts as newest
      from alert_series_states s join series_latest sl using (point_id, port)`);
    expect(series.length).toBe(27);
    const active = await rows<{ point_id: string; port: string; type: string }>(sql`
      select point_id::text, port, type from alerts where cleared_at is null and port is not null`);
    for (const s of series) {
      const mine = active.filter((a) => a.point_id === s.point_id && a.port === s.port).map((a) => a.type);
      expect([...s.open].sort()).toEqual(mine.sort());
      expect(s.last_ts).toBe(new Date(s.newest).getTime());
    }
  });

  it('the engine continues from that memory: a seeded open alert repeats, then clears, never doubles', async () => {
    const open = seeded.find((a) => a.active && a.type === 'OUT_OF_RANGE');
    expect(open, 'a not-operational device ends its history in a sensor fault').toBeDefined();
    const [target] = await rows<{ point_id: string; port: string; device_id: string }>(sql`
      select point_id::text, port, device_id::text from alerts where id = ${open!.id}::uuid`);
    const events = createEventBus({ log: silentLog });
    const engine = createAlertEngine({ database, events, log: silentLog });
    const send = async (ts: Date, interpreted: number | null, flag: number) => {
      await database.db.execute(sql`
        insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, received_at, topic)
        values (${target!.device_id}::uuid, ${target!.port}, ${ts.toISOString()}::timestamptz,
          ${target!.point_id}::uuid, 1, 1, ${interpreted}, ${flag}, now(), 'test')`);
      events.publish('measures.committed', {
        batchId: ts.toISOString(),
        rows: [
          {
            deviceId: target!.device_id,
            port: target!.port,
            pointId: target!.point_id,
            ms: ts.getTime(),
            interpreted,
            flag,
          },
        ],
      });
      await engine.idle();
    };
    try {
      // still failing (flag 4): the same alert counts it
      await send(new Date(now.getTime() - 2 * day + 60_000), null, 4);
      // a valid value: the memory knows the alert is open, so it clears
      await send(new Date(now.getTime() - 2 * day + 120_000), 1.2, 1);
    } finally {
      await engine.close();
    }
    const after = await rows<{ id: string; count: number; active: boolean }>(sql`
      select id::text, count, cleared_at is null as active from alerts
      where point_id = ${target!.point_id}::uuid and port = ${target!.port} and type = 'OUT_OF_RANGE'
        and opened_at >= (select opened_at from alerts where id = ${open!.id}::uuid)`);
    expect(after).toEqual([{ id: open!.id, count: open!.count + 1, active: false }]);
  });
});
