/**
 * `npm run test:faults` (issue 27 item 1; docs/OPERATIONS.md, "Faults"): Aforo under ingest while
 * the parts it depends on fail — PostgreSQL stopped and started again, the external broker
 * restarted, the server itself killed with SIGKILL mid-batch and started again. After each: every
 * message the broker acknowledged to a device is stored, none twice; no alert is lost or doubled;
 * while the database is away the API answers 503 E1001 and /health names the part that is down; and
 * everything comes back by itself. The figures are printed at the end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import type { AforoProcess } from '../test/aforo-process';
import { createTestBroker, mosquittoBin, type TestBroker } from '../test/mosquitto';
import { canCreatePgCluster, createPgCluster, type PgCluster } from '../test/pg-cluster';
import {
  connectDevices,
  countStored,
  expectedDangers,
  httpUrl,
  perMessage,
  publish,
  secondsUntil,
  seedRig,
  startAforo,
  type RigDevice,
  type Seeded,
} from './fault-rig';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const database = 'aforo';

let cluster: PgCluster;
let broker: TestBroker;
let aforo: AforoProcess;
let url: string;
let seeded: Seeded;
let devices: RigDevice[] = [];
let token: string;
/**
 * Measurement time of message 0: 20 hours ago. A message covers 10 s, so the run must send fewer
 * than 7,200 messages a device to stay in the past (a measure from the future is refused), and every
 * message stays within the 48 h in which a late one rewrites its series' alerts.
 */
const base = Math.floor(Date.now() / 1000) - 20 * 3600;

interface Figure {
  fault: string;
  sent: number;
  acknowledged: number;
  stored: number;
  secondsDown: number;
  secondsToRecover: number;
}
const figures: Figure[] = [];

async function health(): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${url}/health`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

async function signIn(): Promise<string> {
  const res = await fetch(`${url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: seeded.email, password: seeded.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function startServer(): Promise<void> {
  aforo = startAforo({ databaseUrl: cluster.url(database), brokerUrl: broker.url });
  url = await httpUrl(aforo);
  await aforo.waitForLog((l) => l.msg === 'subscribed to the external broker');
}

const storedNow = async () => (await countStored(cluster, database)).n;
const total = (pick: (d: RigDevice) => number) => devices.reduce((n, d) => n + pick(d), 0);

/**
 * Ingest for 2 s, run `fault` (which returns when the part is back, with the seconds it was down),
 * then wait until Aforo is healthy and storing again, ingest 2 s more, and check the books.
 */
async function underIngest(name: string, fault: () => Promise<number>): Promise<Figure> {
  const sentBefore = total((d) => d.next);
  const storedBefore = await storedNow();
  const publishing = publish(devices, base);
  await sleep(2000);
  const secondsDown = await fault();
  const storedAtReturn = await storedNow().catch(() => 0);
  const secondsToRecover = await secondsUntil(async () => {
    const h = await health();
    return h.status === 200 && h.body.status === 'ok' && (await storedNow()) > storedAtReturn;
  }, 90_000).catch(async (err: unknown) => {
    await publishing.stop().catch(() => undefined);
    const h = await health().catch((e: unknown) => String(e));
    const warnings = aforo
      .output()
      .split('\n')
      .filter((l) => !l.includes('"level":30'))
      .slice(-20)
      .map((l) => l.slice(0, 400));
    throw new Error(
      `${String(err)}; health ${JSON.stringify(h)}; stored ${await storedNow()} (was ${storedAtReturn})\n${warnings.join('\n')}`,
    );
  });
  await sleep(2000);
  await publishing.stop();
  const sent = total((d) => d.next);
  const acknowledged = total((d) => d.acked.size);
  // every message the broker acknowledged to a device reaches the database, once
  expect(acknowledged).toBe(sent);
  await secondsUntil(async () => (await storedNow()) >= acknowledged * perMessage, 120_000).catch(() => 0);
  const counts = await countStored(cluster, database);
  expect(counts).toEqual({ n: acknowledged * perMessage, distinct_n: acknowledged * perMessage });
  const figure = {
    fault: name,
    sent: sent - sentBefore,
    acknowledged: acknowledged - sentBefore,
    stored: (counts.n - storedBefore) / perMessage,
    secondsDown,
    secondsToRecover,
  };
  figures.push(figure);
  return figure;
}

const canRun = canCreatePgCluster() && mosquittoBin !== undefined;

describe.skipIf(!canRun)('faults under ingest (a PostgreSQL cluster and a Mosquitto of the test own)', () => {
  beforeAll(async () => {
    cluster = await createPgCluster({ max_connections: '60' });
    cluster.tool('createdb', ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', database]);
    seeded = await seedRig(cluster.url(database), 4);
    broker = await createTestBroker();
    await startServer();
    token = await signIn();
    devices = await connectDevices(broker.url, seeded);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(devices.map((d) => d.client.endAsync(true).catch(() => undefined)));
    await aforo?.stop();
    await broker?.destroy();
    cluster?.destroy();
    if (figures.length > 0) {
      console.log('\nfault | messages sent | acknowledged | stored | seconds down | seconds to recover');
      for (const f of figures)
        console.log(
          `${f.fault} | ${f.sent} | ${f.acknowledged} | ${f.stored} | ${f.secondsDown.toFixed(1)} | ${f.secondsToRecover.toFixed(1)}`,
        );
      console.log(`(${perMessage} measures a message, ${devices.length} devices)\n`);
    }
  }, 60_000);

  it('rides out PostgreSQL stopped and started again: 503 E1001 while it is away, /health names it', async () => {
    const figure = await underIngest('PostgreSQL stopped 5 s', async () => {
      cluster.stop('fast');
      const downAt = Date.now();
      await expect.poll(async () => (await health()).status, { timeout: 15_000 }).toBe(503);
      expect((await health()).body).toMatchObject({ status: 'error', database: 'down' });
      for (const path of ['/api/points?page=1&length=25', '/api/users/info/logged']) {
        const res = await fetch(`${url}${path}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'es' },
        });
        expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([
          path,
          503,
          'E1001',
        ]);
        expect(res.headers.get('retry-after')).toBe('5');
      }
      await sleep(Math.max(0, 5000 - (Date.now() - downAt)));
      cluster.start();
      return (Date.now() - downAt) / 1000;
    });
    expect(figure.stored).toBe(figure.acknowledged);
    // the API serves again without a restart, the same session
    const res = await fetch(`${url}/api/points?page=1&length=25`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  }, 180_000);

  it('rides out the external broker restarted: /health says the broker is down meanwhile', async () => {
    const figure = await underIngest('Mosquitto restarted (3 s away)', async () => {
      await broker.stop();
      const downAt = Date.now();
      await expect
        .poll(async () => (await health()).body, { timeout: 15_000 })
        .toMatchObject({
          status: 'degraded',
          database: 'up',
          broker: 'down',
        });
      await sleep(Math.max(0, 3000 - (Date.now() - downAt)));
      await broker.start();
      return (Date.now() - downAt) / 1000;
    });
    expect(figure.stored).toBe(figure.acknowledged);
  }, 180_000);

  it('rides out the server killed with SIGKILL mid-batch and started again', async () => {
    const figure = await underIngest('Aforo killed (SIGKILL) and restarted', async () => {
      const storedBefore = await storedNow();
      await aforo.kill();
      const downAt = Date.now();
      // it was writing when it died, and the devices go on publishing to the broker meanwhile
      expect(storedBefore).toBeGreaterThan(0);
      await sleep(1000);
      await startServer();
      return (Date.now() - downAt) / 1000;
    });
    expect(figure.stored).toBe(figure.acknowledged);
    token = await signIn();
  }, 180_000);

  it('lost no alert and doubled none through all of it', async () => {
    const db = await openDatabase({ url: cluster.url(database), poolSize: 1 });
    try {
      // the run stayed in the past (see `base`), so every message was taken as a measure
      expect(Math.max(...devices.map((d) => d.next))).toBeLessThan(7200);
      const dangers = async () => {
        const { rows } = (await db.db.execute(
          sql`select point_id, count(*)::int as n, count(distinct opened_at)::int as distinct_n
                from alerts where type = 'DANGER' group by point_id`,
        )) as unknown as { rows: Array<{ point_id: string; n: number; distinct_n: number }> };
        return Object.fromEntries(rows.map((r) => [r.point_id, [r.n, r.distinct_n]]));
      };
      const expected = Object.fromEntries(
        devices.map((d) => [d.pointId, [expectedDangers(d.next), expectedDangers(d.next)]]),
      );
      // evaluation runs after commit: wait for the last rounds
      await expect.poll(dangers, { timeout: 30_000, interval: 250 }).toEqual(expected);
    } finally {
      await db.close();
    }
  }, 60_000);
});
