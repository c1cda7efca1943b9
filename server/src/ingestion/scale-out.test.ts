/**
 * Issue 27 item 2, scale-out on the engines Aforo already uses: two `ingest` processes take the
 * messages of one external Mosquitto (127.0.0.1:1883) through the shared subscription
 * `$share/aforo/…`, beside one `api` and two `jobs` processes, all on one PostgreSQL database.
 * Real devices publish QoS 1 over MQTT. Checked: every message acknowledged once and every measure
 * stored once, both ingest processes took a share, a threshold crossed once gives one alert and one
 * notification, and each scheduled tick ran in one process. PGlite cannot be shared between
 * processes, so PostgreSQL only.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { alerts, jobRuns, measures, notifications } from '../db/schema';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import {
  buildCatalogue,
  buildCompany,
  buildDevice,
  buildNotificationConfig,
  buildPoint,
  buildUser,
} from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const brokerUrl = 'mqtt://127.0.0.1:1883';
// a prefix of our own: the machine's broker is shared with whatever else runs on it
const prefix = `scale-${randomBytes(4).toString('hex')}/v1`;
const ingestIds = [1, 2].map((n) => `aforo-scale-${randomBytes(3).toString('hex')}-${n}`);
const deviceCount = 20;
const messagesPerDevice = 10;
const measuresPerMessage = 10;
/** 4-20 mA on 0 → 10 m; the alert point's DANGER is at 4 m. */
const mA = (metres: number) => 4 + (metres * 16) / 10;

interface Device {
  id: string;
  serial: string;
}

/** One device on the broker: publishes QoS 1 and collects its ack messages (by msg_seq). */
async function connectDevice(product: string, device: Device) {
  const client: MqttClient = await mqtt.connectAsync(brokerUrl, {
    protocolVersion: 4,
    clientId: `dev-${device.serial}`,
    clean: true,
    reconnectPeriod: 0,
  });
  const acks: Array<{ msg_seq: number; accepted: number; duplicates: number; rejected: unknown[] }> = [];
  client.on('message', (_t, payload) => acks.push(JSON.parse(payload.toString()) as (typeof acks)[number]));
  await client.subscribeAsync(`${prefix}/${product}/${device.serial}/ack`, { qos: 1 });
  return {
    acks,
    /** Resolves at the broker's PUBACK ("the broker has it"); the ack message means stored. */
    publish: (body: object) =>
      client.publishAsync(`${prefix}/${product}/${device.serial}/up`, JSON.stringify(body), { qos: 1 }),
    close: () => client.endAsync(),
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The parsed JSON log lines of a process that satisfy `match` (its whole output so far). */
function logLines(p: AforoProcess, match: (l: Record<string, unknown>) => boolean) {
  const lines: Array<Record<string, unknown>> = [];
  for (const text of p.output().split('\n')) {
    if (!text.startsWith('{')) continue;
    try {
      const line = JSON.parse(text) as Record<string, unknown>;
      if (match(line)) lines.push(line);
    } catch {
      // a line cut by a chunk boundary of a running process
    }
  }
  return lines;
}

// skipped on PGlite: an embedded database cannot be shared by several processes (CI runs PostgreSQL)
describe.skipIf(!onPostgres)('two ingest processes on one broker and one PostgreSQL', () => {
  let database: Database;
  let product: string;
  let model: string;
  let load: Device[] = [];
  let alertDevice: Device;
  let alertPointId: string;
  let recipient: string;
  /** The two ingest processes running now (slot 2 is restarted by one test). */
  const ingest: AforoProcess[] = [];
  /** Ingest processes stopped before the end, for their exit lines. */
  const retired: AforoProcess[] = [];
  let env: Record<string, string>;
  const jobs: AforoProcess[] = [];
  let api: AforoProcess;
  let allReadyAt = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    const catalogue = await buildCatalogue(db);
    product = catalogue.product.code;
    model = catalogue.model.name;
    const company = await buildCompany(db);
    const parameters = { ai1: { active: true, value_4mA: 0, value_20mA: 10, max_value_expected: 9 } };
    const install = async (overrides: Record<string, unknown> = {}) => {
      const point = await buildPoint(db, company.id, { parameters, ...overrides });
      const device = await buildDevice(db, {
        modelId: catalogue.model.id,
        productId: catalogue.product.id,
        state: 'Active',
        companyId: company.id,
        measurementPointId: point.id,
      });
      return { point, device: { id: device.id, serial: device.serial } };
    };
    load = [];
    for (let i = 0; i < deviceCount; i++) load.push((await install()).device);
    const alerting = await install({ alertValue: 4 });
    alertDevice = alerting.device;
    alertPointId = alerting.point.id;
    recipient = (await buildUser(db, { companyId: company.id, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
    await buildNotificationConfig(db, company.id, {
      name: 'Crecidas',
      alertTypes: ['DANGER'],
      roles: ['ROLE_CHIEF_CLIENTE'],
    });

    env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      MQTT_URL: brokerUrl,
      MQTT_TOPIC_PREFIX: prefix,
      // several ingest processes split the messages (the default, a plain subscription, is for one)
      MQTT_SHARED_SUBSCRIPTION: 'on',
    };
    // the database is migrated already (a copy of the template): every process may start at once
    ingest.push(...ingestIds.map((id) => startAforoProcess('ingest', { ...env, MQTT_CLIENT_ID: id })));
    // debug: the scheduler logs each run it makes ('job ran', with its tick)
    jobs.push(...[1, 2].map(() => startAforoProcess('jobs', { ...env, LOG_LEVEL: 'debug' })));
    api = startAforoProcess('api', env);
    // five processes start at once: on a busy 2-core machine that has taken up to a minute
    const ready = 150_000;
    await Promise.all([
      ...ingest.map((p) => p.waitForLog((l) => l.msg === 'subscribed to the external broker', ready)),
      ...jobs.map((p) => p.waitForLog((l) => l.msg === 'notifying started', ready)),
      api.waitForLog((l) => String(l.msg).startsWith('Server listening at'), ready),
    ]);
    allReadyAt = Date.now();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...ingest, ...jobs, api].map((p) => p?.stop()));
    // the ingest processes' persistent sessions are not left behind on the shared broker
    for (const clientId of ingestIds) {
      const c = await mqtt
        .connectAsync(brokerUrl, {
          clientId,
          protocolVersion: 5,
          clean: true,
          properties: { sessionExpiryInterval: 0 },
          reconnectPeriod: 0,
        })
        .catch(() => undefined);
      await c?.endAsync();
    }
    await database?.close();
  }, 60_000);

  it('stores every measure once and acknowledges every message once', async () => {
    const firstT = Math.floor(Date.now() / 1000) - 2 * 86_400;
    const clients = await Promise.all(load.map((d) => connectDevice(product, d)));
    try {
      // every message of every device in flight at once: consecutive messages of a device go to
      // either process
      await Promise.all(
        clients.map((c, d) =>
          Promise.all(
            Array.from({ length: messagesPerDevice }, (_, seq) =>
              c.publish({
                v: 1,
                product,
                model,
                serial: load[d]!.serial,
                msg_seq: seq,
                measures: Array.from({ length: measuresPerMessage }, (_, k) => {
                  const t = firstT + (seq * measuresPerMessage + k) * 60;
                  return { port: 'ai1', t, v: mA(3 + ((t / 60) % 50) / 100) };
                }),
              }),
            ),
          ),
        ),
      );
      const total = deviceCount * messagesPerDevice;
      await until(() => clients.reduce((n, c) => n + c.acks.length, 0) >= total, 30_000, 'the acks');
      // a message delivered twice would be acknowledged twice, the second time as duplicates
      await new Promise((r) => setTimeout(r, 500));
      for (const c of clients) {
        expect(c.acks.map((a) => a.msg_seq).sort((a, b) => a - b)).toEqual(
          Array.from({ length: messagesPerDevice }, (_, i) => i),
        );
        for (const a of c.acks)
          expect(a).toEqual(expect.objectContaining({ accepted: 10, duplicates: 0, rejected: [] }));
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    const perDevice = await database.db
      .select({
        deviceId: measures.deviceId,
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${measures.ts})::int`,
      })
      .from(measures)
      .where(
        inArray(
          measures.deviceId,
          load.map((d) => d.id),
        ),
      )
      .groupBy(measures.deviceId);
    expect(perDevice).toHaveLength(deviceCount);
    for (const row of perDevice) {
      expect(row.n).toBe(messagesPerDevice * measuresPerMessage);
      expect(row.distinct).toBe(row.n);
    }
    // both processes wrote batches: each holds its writer presence (db/writer-presence.ts); the API
    // process, which wrote nothing, holds none
    const writers = await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where application_name = 'aforo-writer' and datname = current_database()`,
    );
    expect((writers as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(2);
  }, 60_000);

  it('a threshold crossed once opens one alert and tells its recipient once', async () => {
    const c = await connectDevice(product, alertDevice);
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const message = (seq: number, metres: number) => ({
      v: 1,
      product,
      model,
      serial: alertDevice.serial,
      msg_seq: seq,
      measures: [{ port: 'ai1', t: t0 + seq * 60, v: mA(metres) }],
    });
    try {
      // below the threshold, then the crossing (each acknowledged before the next) …
      for (let seq = 0; seq < 5; seq++) await c.publish(message(seq, 2 + seq * 0.1));
      await until(() => c.acks.length === 5, 15_000, 'the quiet values');
      await c.publish(message(5, 5));
      await until(() => c.acks.length === 6, 15_000, 'the crossing');
      // … then 14 more above it, all in flight: the two processes commit them in either order
      await Promise.all(Array.from({ length: 14 }, (_, i) => c.publish(message(6 + i, 5 + (i + 1) * 0.05))));
      await until(() => c.acks.length === 20, 15_000, 'the values above the threshold');
    } finally {
      await c.close();
    }
    const rowsOf = () => database.db.select().from(alerts).where(eq(alerts.pointId, alertPointId));
    // evaluated after commit, in whichever process committed the batch
    await until(async () => (await rowsOf()).length > 0, 15_000, 'the alert');
    const recipientNotices = () =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, recipient), eq(notifications.kind, 'firing')));
    await until(async () => (await recipientNotices()).length > 0, 15_000, 'the notification');
    // every chance to double either
    await new Promise((r) => setTimeout(r, 2000));
    const rows = await rowsOf();
    expect(
      rows.map((a) => [a.type, a.openedAt.getTime() / 1000, a.openedValue, a.count, a.clearedAt]),
    ).toEqual([
      // a threshold alert does not count up (only Jump and Out of range do, docs/ALERTS.md)
      ['DANGER', t0 + 5 * 60, expect.closeTo(5, 6), 1, null],
    ]);
    expect(await recipientNotices()).toHaveLength(1);
  }, 60_000);

  it('a stopped ingest process: its share waits in the broker and is stored once when it is back', async () => {
    const c = await connectDevice(product, load[0]!);
    // a day back: none of the first test's times (two days back)
    const t0 = Math.floor(Date.now() / 1000) - 86_400;
    const seqs = Array.from({ length: 10 }, (_, i) => 100 + i);
    try {
      const second = ingest[1]!;
      await second.stop();
      retired.push(second);
      await Promise.all(
        seqs.map((seq) =>
          c.publish({
            v: 1,
            product,
            model,
            serial: load[0]!.serial,
            msg_seq: seq,
            measures: [{ port: 'ai1', t: t0 + seq * 60, v: mA(3) }],
          }),
        ),
      );
      await until(() => c.acks.length >= 5, 15_000, 'the running process to store its share');
      await new Promise((r) => setTimeout(r, 1500));
      // Mosquitto 2.0 still gives the stopped process's persistent session its turn: those wait
      expect(c.acks.length).toBeLessThan(seqs.length);
      console.info(
        `one ingest process stopped: ${seqs.length - c.acks.length} of ${seqs.length} messages waited for it`,
      );
      // back with the same MQTT_CLIENT_ID: the broker hands its session what waited
      ingest[1] = startAforoProcess('ingest', { ...env, MQTT_CLIENT_ID: ingestIds[1]! });
      await ingest[1].waitForLog((l) => l.msg === 'subscribed to the external broker', 150_000);
      await until(() => c.acks.length >= seqs.length, 15_000, 'the waiting share');
      await new Promise((r) => setTimeout(r, 500));
      expect(c.acks.map((a) => a.msg_seq).sort((a, b) => a - b)).toEqual(seqs);
      for (const a of c.acks) expect(a).toEqual(expect.objectContaining({ accepted: 1, duplicates: 0 }));
    } finally {
      await c.close();
    }
    const [stored] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(measures)
      .where(and(eq(measures.deviceId, load[0]!.id), sql`${measures.ts} >= to_timestamp(${t0})`));
    expect(stored!.n).toBe(seqs.length);
  }, 180_000);

  it('runs each scheduled tick in one of the two jobs processes', async () => {
    // the no-transmission job ticks every 30 s: wait for a tick that found both processes up
    const period = 30_000;
    const contested = Math.ceil(allReadyAt / period) * period;
    const ran = () =>
      jobs.flatMap((p, i) =>
        logLines(p, (l) => l.msg === 'job ran').map((l) => ({
          process: i,
          job: String(l.job),
          tick: String(l.tick),
        })),
      );
    await until(
      () => ran().some((r) => r.job === 'no-transmission' && Date.parse(r.tick) >= contested),
      contested - Date.now() + 20_000,
      'a no-transmission tick after both jobs processes started',
    );
    const runs = ran();
    // measure-partitions also runs at every start of a jobs process, claimed or not (idempotent
    // set-up, jobs/scheduler.ts runAtStart): its tick of the start may show once per process
    const startRun = (r: (typeof runs)[number]) =>
      r.job === 'measure-partitions' && Date.parse(r.tick) < allReadyAt;
    const byTick = new Map<string, number[]>();
    for (const r of runs.filter((r) => !startRun(r)))
      byTick.set(`${r.job} ${r.tick}`, [...(byTick.get(`${r.job} ${r.tick}`) ?? []), r.process]);
    const twice = [...byTick].filter(([, processes]) => processes.length > 1);
    expect(twice).toEqual([]);
    const last = runs.filter((r) => r.job === 'no-transmission').map((r) => Date.parse(r.tick));
    const [row] = await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'no-transmission'));
    expect(row!.tick.getTime()).toBe(Math.max(...last));
    expect(row!.error).toBeNull();
  }, 60_000);

  it('both ingest processes took a share of the messages', async () => {
    await Promise.all(ingest.map((p) => p.stop()));
    const shares = [...retired, ...ingest].map((p) => {
      const [line] = logLines(
        p,
        (l) => l.msg === 'left the external broker: messages stored by this process',
      );
      expect(line, p.output()).toBeDefined();
      return { messages: Number(line!.messages), measures: Number(line!.measures) };
    });
    // the first test's, the alert point's, the restart test's
    const sent = deviceCount * messagesPerDevice + 20 + 10;
    const total = (part: 'messages' | 'measures') => shares.reduce((n, x) => n + x[part], 0);
    expect(total('messages')).toBe(sent);
    expect(total('measures')).toBe(deviceCount * messagesPerDevice * measuresPerMessage + 20 + 10);
    // Mosquitto hands a shared subscription's messages round-robin: each slot about half
    const [secondBefore, first, secondAfter] = shares;
    expect(first!.messages).toBeGreaterThan(sent * 0.2);
    expect(secondBefore!.messages + secondAfter!.messages).toBeGreaterThan(sent * 0.2);
    console.info(
      `messages stored: ingest 1 ${first!.messages}, ingest 2 ${secondBefore!.messages} + ${secondAfter!.messages} after its restart (of ${sent})`,
    );
    const stored = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(measures)
      .where(inArray(measures.deviceId, [...load.map((d) => d.id), alertDevice.id]));
    expect(stored[0]!.n).toBe(deviceCount * messagesPerDevice * measuresPerMessage + 20 + 10);
  }, 60_000);
});
