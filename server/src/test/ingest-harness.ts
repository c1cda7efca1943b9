/**
 * A real ingestion stack for tests: a database copy, a device with a key installed at a point, the
 * ingestion service and the embedded broker on a free port; devices are played by the Debian
 * mosquitto clients (mosquitto_pub exits after its PUBACK, i.e. after our commit).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import type { Database, Db } from '../db/client';
import { devices, measurementPoints, products } from '../db/schema';
import { startEmbeddedBroker, type EmbeddedBroker } from '../ingestion/broker';
import { hashKey } from '../lib/key-hash';
import { createIngestion, type Ingestion } from '../ingestion/ingestion';
import { createEventBus, type EventBus } from '../events/event-bus';
import { buildCatalogue, buildCompany, buildDevice, buildPoint } from './factories';
import { openTestDatabase } from './test-database';

export const silentLog = pino({ level: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent' });

export interface PubResult {
  code: number;
  stderr: string;
}

/** mosquitto_pub with QoS 1; resolves when the client exits (after PUBACK, or refused). */
export function mosquittoPub(
  port: number,
  user: string,
  password: string,
  topic: string,
  message: string,
): Promise<PubResult> {
  return new Promise((resolve) => {
    execFile(
      'mosquitto_pub',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-V',
        'mqttv311',
        '-q',
        '1',
        '-u',
        user,
        '-P',
        password,
        '-t',
        topic,
        '-m',
        message,
      ],
      { timeout: 15_000 },
      (err, _stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

/** A device's own subscription (mqtt.js), collecting what arrives on one topic. */
export async function deviceSubscriber(port: number, user: string, password: string, topic: string) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: user,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const received: string[] = [];
  const waiters: Array<() => void> = [];
  client.on('message', (_t, payload) => {
    received.push(payload.toString());
    waiters.splice(0).forEach((w) => w());
  });
  // mqtt.js rejects a refused subscription (SUBACK 0x80): report it as granted QoS 128
  const granted = await client.subscribeAsync(topic, { qos: 1 }).then(
    (g) => g.map((x) => x.qos),
    () => [128],
  );
  /** Waits (up to 10 s) until `ready` says yes, re-checking at each message. */
  async function waitFor<T>(ready: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = ready();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what} on ${topic}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
  return {
    granted,
    /** The n-th message (1-based). */
    nth: (n: number) => waitFor(() => received[n - 1], `no message ${n}`),
    /** The first message (parsed as JSON) that satisfies `match`. */
    find: (match: (message: Record<string, unknown>) => boolean) =>
      waitFor(
        () => received.map((m) => JSON.parse(m) as Record<string, unknown>).find(match),
        'no matching message',
      ),
    close: () => client.endAsync(),
  };
}

export interface IngestHarness {
  database: Database;
  /** The bus ingestion listens on: give it to buildApp so API changes reach the devices. */
  events: EventBus;
  ingestion: Ingestion;
  broker: EmbeddedBroker;
  port: number;
  device: { id: string; serial: string; key: string };
  productCode: string;
  modelName: string;
  pointId: string;
  companyId: string;
  topic(channel?: 'up' | 'events' | 'ack' | 'config', product?: string): string;
  pub(message: string, topic?: string): Promise<PubResult>;
  close(): Promise<void>;
}

/** A 4-20 mA device on 0→10 m installed at a river point (12 mA reads 5.000 m), with its key. */
export async function buildInstalledDevice(db: Db) {
  const { model, product } = await buildCatalogue(db);
  const company = await buildCompany(db);
  const point = await buildPoint(db, company.id, {
    groundLevel: 12,
    invertLevel: -1,
    parameters: { ai1: { active: true, value_4mA: 0, value_20mA: 10, max_value_expected: 9 } },
  });
  const key = randomBytes(18).toString('base64url');
  const built = await buildDevice(db, {
    modelId: model.id,
    productId: product.id,
    state: 'Active',
    companyId: company.id,
    measurementPointId: point.id,
  });
  await db
    .update(devices)
    .set({ keyHash: hashKey(key) })
    .where(eq(devices.id, built.id));
  return { model, product, company, point, device: { id: built.id, serial: built.serial, key } };
}

/** The device of buildInstalledDevice, the ingestion service and the embedded broker on a free port. */
export async function startIngestHarness(options: { topicPrefix?: string } = {}): Promise<IngestHarness> {
  const database = await openTestDatabase();
  const { model, product, company, point, device: built } = await buildInstalledDevice(database.db);
  const events = createEventBus({ log: silentLog });
  const ingestion = createIngestion({
    database,
    events,
    log: silentLog,
    topicPrefix: options.topicPrefix ?? 'aforo/v1',
    backfillDays: 90,
    directoryTtlMs: 60_000,
  });
  const broker = await startEmbeddedBroker({ port: 0, host: '127.0.0.1', ingestion }, silentLog);
  const topic = (channel: 'up' | 'events' | 'ack' | 'config' = 'up', code = product.code) =>
    ingestion.topics.of(code, built.serial, channel);
  return {
    database,
    events,
    ingestion,
    broker,
    port: broker.port,
    device: built,
    productCode: product.code,
    modelName: model.name,
    pointId: point.id,
    companyId: company.id,
    topic,
    pub: (message, t = topic('up')) => mosquittoPub(broker.port, built.serial, built.key, t, message),
    async close() {
      await broker.close();
      await ingestion.close();
      await events.close();
      await database.close();
    },
  };
}

/** Sets a product's provisioning key; returns it. */
export async function giveProvisioningKey(database: Database, productCode: string): Promise<string> {
  const key = randomBytes(18).toString('base64url');
  await database.db
    .update(products)
    .set({ provisioningKeyHash: hashKey(key) })
    .where(eq(products.code, productCode));
  return key;
}

export async function pointParameters(
  database: Database,
  pointId: string,
  parameters: object,
): Promise<void> {
  await database.db
    .update(measurementPoints)
    .set({ parameters, updatedAt: new Date() })
    .where(eq(measurementPoints.id, pointId));
}
