/**
 * Shared setup of notifying/notifying-rules-*.test.ts: one database, event bus, local webhook
 * receiver and delivery worker per file, emptied before each test; alerts are written straight to
 * the database. The exported `let` bindings are live: useNotifyingRules()'s beforeAll sets them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type NotificationConfigInput } from '@aforo/contracts/notification-configs';
import type { Database } from '../db/client';
import {
  alerts,
  incidents,
  mailOutbox,
  notificationConfigs,
  notificationDeliveries,
  notificationQuietHours,
  notificationRoutings,
  notifications,
} from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createMailTransport } from '../mail/mail-transport';
import { buildCompany, buildNotificationConfig, buildPoint, buildUser } from './factories';
import { silentLog } from './ingest-harness';
import { openTestDatabase } from './test-database';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { createRouter } from '../notifying/router';
import { createDeliveryWorker, type DeliveryWorker } from '../notifying/worker';

export let database: Database;
export let events: EventBus;
export let hook: WebhookReceiver;
export let worker: DeliveryWorker;
export let companyId: string;
export let pointId: string;
export let operator: string;
export let boss: string;
export const router = () => createRouter({ database, events });

/** Registers the file's beforeAll, afterAll and beforeEach. */
export function useNotifyingRules(): void {
  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.db;
    events = createEventBus({ log: silentLog });
    hook = await startWebhookReceiver();
    companyId = (await buildCompany(db)).id;
    pointId = (await buildPoint(db, companyId, { name: 'Río Ebro' })).id;
    operator = (await buildUser(db, { companyId, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
    boss = (await buildUser(db, { companyId, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
    // the receiver listens on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE); webhook-address.test.ts has it off
    worker = createDeliveryWorker({
      database,
      events,
      mail: createMailTransport({ db, log: silentLog }),
      log: silentLog,
      allowPrivateWebhooks: true,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await hook?.close();
    await events?.close();
    await database?.close();
  });
  beforeEach(async () => {
    const db = database.db;
    await db.delete(notificationDeliveries);
    await db.delete(notifications);
    await db.delete(notificationRoutings);
    await db.delete(alerts);
    await db.delete(incidents);
    await db.delete(notificationConfigs);
    await db.delete(notificationQuietHours);
    await db.delete(mailOutbox);
    hook.received.length = 0;
    hook.answers.length = 0;
  });
}

export async function config(overrides: Partial<NotificationConfigInput> = {}) {
  return buildNotificationConfig(database.db, companyId, {
    name: 'Operación',
    alertTypes: ['DANGER', 'WARNING', 'NO_TRANSMISSION'],
    roles: ['ROLE_CHIEF_CLIENTE'],
    webhookUrl: hook.url,
    ...overrides,
  });
}

let series = 0;
export async function alert(values: Partial<typeof alerts.$inferInsert> = {}) {
  const openedAt = values.openedAt ?? new Date(Date.now() - 60_000);
  const [row] = await database.db
    .insert(alerts)
    .values({
      companyId,
      pointId,
      port: `ai${(series += 1)}`,
      type: 'DANGER',
      level: 'DANGER',
      openedAt,
      lastAt: openedAt,
      openedValue: 4.2,
      ...values,
    })
    .returning();
  return row!;
}

export const deliveries = () => database.db.select().from(notificationDeliveries);
export const notificationsOf = (userId: string) =>
  database.db.select().from(notifications).where(eq(notifications.userId, userId));
export const secondsFromNow = (d: Date | null) => Math.round((d!.getTime() - Date.now()) / 1000);
/** Brings every queued retry forward to now (time passing). */
export const timePasses = () =>
  database.db
    .update(notificationDeliveries)
    .set({ notBefore: new Date(Date.now() - 1000) })
    .where(eq(notificationDeliveries.status, 'queued'));
