/**
 * The delivery guarantee of docs/MEASURES.md under a crash: Aforo (a real server process on the embedded
 * defaults) is killed with SIGKILL while a device publishes at full speed, then restarted; the
 * device sends again whatever was not acknowledged. Every acknowledged measure must be there, and
 * none twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { devices } from '../db/schema';
import { buildCatalogue, buildCompany, buildDevice, buildPoint } from '../test/factories';
import { hashKey } from '../lib/key-hash';
import { freePort } from '../test/free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aforo-crash-'));
// where the server keeps its embedded database inside DATA_DIR (db/open.ts)
const pgliteDir = path.join(dataDir, 'pglite');
const perMessage = 10;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(mqttPort: number): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      MQTT_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: String(mqttPort),
      SEED: 'none',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return proc;
}

async function connect(port: number, username: string, password: string): Promise<MqttClient> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        username,
        password,
        protocolVersion: 4,
        reconnectPeriod: 0,
        connectTimeout: 2000,
      });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

it('loses no acknowledged measure and stores none twice across a SIGKILL', async () => {
  // a device with a key, installed at a point, in a database the server will open
  const setup = await openDatabase({ dataDir: pgliteDir });
  await setup.migrate();
  const { model, product } = await buildCatalogue(setup.db);
  const company = await buildCompany(setup.db);
  const point = await buildPoint(setup.db, company.id, {
    parameters: { ai1: { value_4mA: 0, value_20mA: 10 } },
  });
  const device = await buildDevice(setup.db, {
    modelId: model.id,
    productId: product.id,
    state: 'Active',
    companyId: company.id,
    measurementPointId: point.id,
  });
  const key = randomBytes(12).toString('hex');
  await setup.db
    .update(devices)
    .set({ keyHash: hashKey(key) })
    .where(eq(devices.id, device.id));
  await setup.close();

  const topic = `aforo/v1/${product.code}/${device.serial}/up`;
  const base = Math.floor(Date.now() / 1000) - 86_400;
  const message = (i: number) =>
    JSON.stringify({
      v: 1,
      product: product.code,
      model: model.name,
      serial: device.serial,
      msg_seq: i,
      measures: Array.from({ length: perMessage }, (_, j) => ({
        port: 'ai1',
        t: base + i * perMessage + j,
        v: 4 + ((i + j) % 16),
      })),
    });

  const mqttPort = await freePort();
  child = startServer(mqttPort);
  let client = await connect(mqttPort, device.serial, key);

  // full speed with 20 messages in flight, until the process is killed under it
  const acked = new Set<number>();
  let next = 0;
  let killed = false;
  const publishOne = async (i: number) => {
    await client.publishAsync(topic, message(i), { qos: 1 });
    if (!killed) acked.add(i);
  };
  const lanes = Array.from({ length: 20 }, async () => {
    while (!killed) await publishOne(next++).catch(() => undefined);
  });
  await new Promise((r) => setTimeout(r, 2500));
  killed = true;
  child.kill('SIGKILL');
  await new Promise((r) => child!.once('exit', r));
  await Promise.race([Promise.all(lanes), new Promise((r) => setTimeout(r, 2000))]);
  client.end(true);
  const sent = next;
  expect(acked.size).toBeGreaterThan(20); // the crash did happen mid-stream, not before the first commit

  // restarted: the device sends again everything it has no PUBACK for, then 20 more
  child = startServer(mqttPort);
  client = await connect(mqttPort, device.serial, key);
  const acks: Array<{ accepted: number; duplicates: number }> = [];
  client.on('message', (_t, p) => acks.push(JSON.parse(p.toString())));
  await client.subscribeAsync(`aforo/v1/${product.code}/${device.serial}/ack`, { qos: 1 });
  const resend = Array.from({ length: sent }, (_, i) => i).filter((i) => !acked.has(i));
  for (const i of [...resend, ...Array.from({ length: 20 }, (_, k) => sent + k)])
    await client.publishAsync(topic, message(i), { qos: 1 });
  const deadline = Date.now() + 10_000;
  while (acks.length < resend.length + 20 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  await client.endAsync();
  child.kill('SIGTERM');
  await new Promise((r) => child!.once('exit', r));
  child = undefined;

  // every measure ever sent is stored exactly once; resends of committed-but-unacknowledged ones were duplicates
  const check = await openDatabase({ dataDir: pgliteDir });
  const [counts] = (
    (await check.db.execute(
      sql`select count(*)::int as n, count(distinct (port, ts))::int as distinct_n from measures where device_id = ${device.id}`,
    )) as unknown as { rows: unknown[] }
  ).rows as Array<{ n: number; distinct_n: number }>;
  await check.close();
  const total = (sent + 20) * perMessage;
  expect(counts).toEqual({ n: total, distinct_n: total });
  const accepted = acks.reduce((n, a) => n + a.accepted, 0);
  const duplicates = acks.reduce((n, a) => n + a.duplicates, 0);
  expect(accepted + duplicates).toBe((resend.length + 20) * perMessage);
}, 120_000);
