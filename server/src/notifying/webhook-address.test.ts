/**
 * SSRF at delivery time (WEBHOOK_ALLOW_PRIVATE off, the production default): a webhook whose host is,
 * or resolves to, an address of our own network fails for good without a connection, whatever the
 * config row says (rows written before the check existed, or straight into the database). The same
 * rows are delivered when private addresses are allowed, so the refusal is the address's doing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { alerts, notificationConfigs, notificationDeliveries, notifications } from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createMailTransport } from '../mail/mail-transport';
import { buildCompany, buildNotificationConfig, buildPoint } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { createRouter } from './router';
import { addressNotAllowed } from './webhook';
import { createDeliveryWorker } from './worker';

let database: Database;
let events: EventBus;
let hook: WebhookReceiver;
let companyId: string;
let pointId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  events = createEventBus({ log: silentLog });
  hook = await startWebhookReceiver();
  companyId = (await buildCompany(database.db)).id;
  pointId = (await buildPoint(database.db, companyId)).id;
});
afterAll(async () => {
  await hook?.close();
  await events?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(notificationDeliveries);
  await database.db.delete(notifications);
  await database.db.delete(alerts);
  await database.db.delete(notificationConfigs);
  hook.received.length = 0;
});

/** A config row straight into the database (the API would refuse these URLs) and a DANGER routed. */
async function webhookDelivery(webhookUrl: string) {
  await buildNotificationConfig(database.db, companyId, {
    name: 'Hook',
    alertTypes: ['DANGER'],
    roles: ['ROLE_ADMIN_CLIENTE'],
    webhookUrl,
  });
  const openedAt = new Date(Date.now() - 60_000);
  const [a] = await database.db
    .insert(alerts)
    .values({ companyId, pointId, port: 'ai1', type: 'DANGER', level: 'DANGER', openedAt, lastAt: openedAt })
    .returning();
  await createRouter({ database, events }).route(a!.id);
  const webhook = async () =>
    (
      await database.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.channel, 'webhook'))
    )[0]!;
  return webhook;
}

const worker = (allowPrivateWebhooks: boolean) =>
  createDeliveryWorker({
    database,
    events,
    mail: createMailTransport({ db: database.db, log: silentLog }),
    log: silentLog,
    allowPrivateWebhooks,
  });

describe('webhook addresses at delivery (WEBHOOK_ALLOW_PRIVATE off)', () => {
  it('a name resolving to 127.0.0.1 (localhost) fails at once, for good, with nothing sent', async () => {
    const webhook = await webhookDelivery(hook.url.replace('127.0.0.1', 'localhost'));
    expect(await worker(false).runOnce()).toBe(1);
    const d = await webhook();
    expect([d.status, d.attempts, d.lastError, d.notBefore]).toEqual(['failed', 1, addressNotAllowed, null]);
    expect(hook.received).toEqual([]);
  });

  it('an IP literal of our own network fails the same way', async () => {
    for (const url of [hook.url, hook.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      await database.db.delete(notificationDeliveries);
      await database.db.delete(alerts);
      const webhook = await webhookDelivery(url);
      await worker(false).runOnce();
      expect([(await webhook()).status, (await webhook()).lastError], url).toEqual([
        'failed',
        addressNotAllowed,
      ]);
    }
    expect(hook.received).toEqual([]);
  });

  it('with WEBHOOK_ALLOW_PRIVATE the same row is delivered, its Host header naming the host', async () => {
    const url = hook.url.replace('127.0.0.1', 'localhost');
    const webhook = await webhookDelivery(url);
    await worker(true).runOnce();
    expect((await webhook()).status).toBe('sent');
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.headers.host).toBe(new URL(url).host);
  });
});
