/**
 * The rig of the fault tests (docs/OPERATIONS.md, "Faults"): Aforo as production runs it — a child
 * process on a PostgreSQL cluster and a Mosquitto broker of the test's own, both of which the test
 * may stop and start — and devices that publish QoS 1 messages through the broker, as fast as a
 * pace allows, counting what the broker acknowledged to them.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { openDatabase } from '../db/client';
import { buildCatalogue, buildCompany, buildDevice, buildPoint, buildUser } from '../test/factories';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import type { PgCluster } from '../test/pg-cluster';

/** Measures per message: one a second, so a message covers 10 s of the series. */
export const perMessage = 10;
/** Messages per block of equal level; odd blocks are above the danger level. */
export const blockMessages = 20;
export const alertValue = 8;

export interface RigDevice {
  serial: string;
  pointId: string;
  topic: string;
  client: MqttClient;
  next: number;
  acked: Set<number>;
  model: string;
  product: string;
}

export interface Seeded {
  devices: Array<Omit<RigDevice, 'client' | 'next' | 'acked'>>;
  email: string;
  password: string;
}

/** A migrated database with `count` devices, each at its own point with a danger level of 8 m. */
export async function seedRig(url: string, count: number): Promise<Seeded> {
  const database = await openDatabase({ url, poolSize: 2 });
  await database.migrate();
  const { model, product } = await buildCatalogue(database.db);
  const company = await buildCompany(database.db);
  const password = 'faults-password-2026';
  const user = await buildUser(database.db, {
    companyId: company.id,
    roles: ['ROLE_ADMIN_CLIENTE'],
    password,
  });
  const devices = [];
  for (let i = 0; i < count; i += 1) {
    const point = await buildPoint(database.db, company.id, {
      // 4–20 mA → 0–10 m; no flat-run alerts (each message holds ten equal values on purpose)
      parameters: { ai1: { value_4mA: 0, value_20mA: 10 } },
      alertValue,
      alertFlat: false,
    });
    const device = await buildDevice(database.db, {
      modelId: model.id,
      productId: product.id,
      state: 'Active',
      companyId: company.id,
      measurementPointId: point.id,
    });
    devices.push({
      serial: device.serial,
      pointId: point.id,
      topic: `aforo/v1/${product.code}/${device.serial}/up`,
      model: model.name,
      product: product.code,
    });
  }
  await database.close();
  return { devices, email: user.email, password };
}

/** Message `seq` of a device: low (8 mA → 2.5 m) in even blocks, high (19 mA → 9.375 m) in odd ones. */
export function message(device: Pick<RigDevice, 'serial' | 'model' | 'product'>, seq: number, base: number) {
  const high = Math.floor(seq / blockMessages) % 2 === 1;
  return JSON.stringify({
    v: 1,
    product: device.product,
    model: device.model,
    serial: device.serial,
    msg_seq: seq,
    measures: Array.from({ length: perMessage }, (_, j) => ({
      port: 'ai1',
      t: base + seq * perMessage + j,
      v: high ? 19 : 8,
    })),
  });
}

/** DANGER alerts a device's messages 0…n-1 must open: one per odd block reached. */
export const expectedDangers = (n: number) =>
  n <= 0 ? 0 : Math.floor((Math.floor((n - 1) / blockMessages) + 1) / 2);

export function startAforo(env: { databaseUrl: string; brokerUrl: string }): AforoProcess {
  return startAforoProcess('all', {
    DATABASE_URL: env.databaseUrl,
    MQTT_URL: env.brokerUrl,
    MQTT_CLIENT_ID: 'aforo-faults',
    JWT_SECRET: 'faults-test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'info',
  });
}

/** The HTTP address of a started process (its "Server listening at" line). */
export async function httpUrl(aforo: AforoProcess, timeoutMs = 90_000): Promise<string> {
  const line = await aforo.waitForLog((l) => String(l.msg).startsWith('Server listening at'), timeoutMs);
  return String(line.msg).slice('Server listening at '.length).trim();
}

export async function connectDevices(brokerUrl: string, seeded: Seeded): Promise<RigDevice[]> {
  return Promise.all(
    seeded.devices.map(async (d) => ({
      ...d,
      next: 0,
      acked: new Set<number>(),
      // a device keeps what the broker has not acknowledged and sends it again after reconnecting
      client: await mqtt.connectAsync(brokerUrl, {
        clientId: `faults-${d.serial}-${randomBytes(3).toString('hex')}`,
        protocolVersion: 4,
        reconnectPeriod: 250,
        connectTimeout: 2000,
      }),
    })),
  );
}

/**
 * Publishes from every device, `lanes` messages in flight each, one message per lane every
 * `paceMs`; stop() resolves once every message sent has been acknowledged by the broker.
 */
export function publish(devices: RigDevice[], base: number, { lanes = 2, paceMs = 100 } = {}) {
  let stopped = false;
  const inFlight: Array<Promise<void>> = [];
  const running = devices.flatMap((device) =>
    Array.from({ length: lanes }, async () => {
      while (!stopped) {
        const seq = device.next++;
        const sent = device.client
          .publishAsync(device.topic, message(device, seq, base), { qos: 1 })
          .then(() => void device.acked.add(seq));
        inFlight.push(sent);
        await sent;
        await new Promise((r) => setTimeout(r, paceMs));
      }
    }),
  );
  return {
    async stop(timeoutMs = 60_000) {
      stopped = true;
      const all = Promise.all([...running, ...inFlight]);
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs));
      if ((await Promise.race([all, timeout])) === 'timeout')
        throw new Error('the broker did not acknowledge every message in time');
    },
  };
}

export async function countStored(cluster: PgCluster, database: string) {
  const db = await openDatabase({ url: cluster.url(database), poolSize: 1 });
  try {
    const { rows } = (await db.db.execute(
      sql`select count(*)::int as n, count(distinct (device_id, port, ts))::int as distinct_n from measures`,
    )) as unknown as { rows: Array<{ n: number; distinct_n: number }> };
    return rows[0]!;
  } finally {
    await db.close();
  }
}

/** Polls `check` every 100 ms until it holds; resolves with the seconds it took. */
export async function secondsUntil(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return (Date.now() - start) / 1000;
    if (Date.now() - start > timeoutMs) throw new Error(`not recovered after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
