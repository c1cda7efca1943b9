/**
 * Notifying across processes (PostgreSQL only): ingestion evaluates the alert in its process, and two
 * jobs processes both hear alert.changed (LISTEN/NOTIFY) and both try to route it and work the queue.
 * The recipient gets one notification and the webhook one POST: the routing marks and the unique
 * keys make the second router a no-op, FOR UPDATE SKIP LOCKED keeps two workers off one delivery.
 */
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { measurementPoints, notificationDeliveries, notifications } from '../db/schema';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { buildNotificationConfig, buildUser } from '../test/factories';
import { buildInstalledDevice, mosquittoPub } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('notifying with two jobs processes', () => {
  let database: Database;
  let world: Awaited<ReturnType<typeof buildInstalledDevice>>;
  let hook: WebhookReceiver;
  let recipient: string;
  const processes: AforoProcess[] = [];
  let mqttPort: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    world = await buildInstalledDevice(db);
    await db.update(measurementPoints).set({ alertValue: 4 }).where(eq(measurementPoints.id, world.point.id));
    recipient = (await buildUser(db, { companyId: world.company.id, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
    hook = await startWebhookReceiver();
    await buildNotificationConfig(db, world.company.id, {
      name: 'Crecidas',
      alertTypes: ['DANGER'],
      roles: ['ROLE_CHIEF_CLIENTE'],
      webhookUrl: hook.url,
    });
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      // the receiver listens on 127.0.0.1
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    const ingest = startAforoProcess('ingest', env);
    processes.push(ingest, startAforoProcess('jobs', env), startAforoProcess('jobs', env));
    mqttPort = (await ingest.waitForLog((l) => l.msg === 'embedded MQTT broker listening')).port as number;
    for (const jobs of processes.slice(1)) await jobs.waitForLog((l) => l.msg === 'notifying started');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await hook?.close();
    await database?.close();
  }, 30_000);

  it('one notification and one webhook POST for a DANGER', async () => {
    const { device, product, model } = world;
    const t = Math.floor(Date.now() / 1000) - 60;
    const body = JSON.stringify({
      v: 1,
      product: product.code,
      model: model.name,
      serial: device.serial,
      msg_seq: 1,
      // 4-20 mA on 0 → 10 m: 12 mA reads 5 m, above the alert value of 4
      measures: [{ port: 'ai1', t, v: 12 }],
    });
    const topic = `aforo/v1/${product.code}/${device.serial}/up`;
    expect((await mosquittoPub(mqttPort, device.serial, device.key, topic, body)).code).toBe(0);
    const [got] = await hook.waitFor(1);
    expect(JSON.parse(got!.body)).toMatchObject({ status: 'firing', alert: { type: 'DANGER' } });
    // give the other process every chance to double it
    await new Promise((r) => setTimeout(r, 3000));
    expect(hook.received).toHaveLength(1);
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, recipient));
    expect(rows.map((n) => [n.kind, n.deliveredAt !== null])).toEqual([['firing', true]]);
    // the demo network of the seeded copy is silent: provider staff are told of that incident too
    const deliveries = await database.db
      .select()
      .from(notificationDeliveries)
      .where(ne(notificationDeliveries.kind, 'incident'));
    expect(deliveries.map((d) => [d.channel, d.status, d.attempts]).sort()).toEqual([
      ['in_app', 'sent', 0],
      ['webhook', 'sent', 1],
    ]);
  }, 60_000);
});
