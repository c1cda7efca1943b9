import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryStatus } from '@aforo/contracts/notifications';
import type { Database } from '../db/client';
import { notificationDeliveries, notifications } from '../db/schema';
import { buildCompany, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { notificationRetentionJob, purgeNotifications } from './retention';

let database: Database;
let companyId: string;
let userId: string;
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

beforeAll(async () => {
  database = await openTestDatabase();
  companyId = (await buildCompany(database.db)).id;
  userId = (await buildUser(database.db, { companyId, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
});
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.delete(notificationDeliveries);
  await database.db.delete(notifications);
});

async function notification(title: string, age: number, read: boolean) {
  const [row] = await database.db
    .insert(notifications)
    .values({
      companyId,
      userId,
      kind: 'firing',
      title,
      body: '',
      dedupeKey: randomUUID(),
      createdAt: daysAgo(age),
      deliveredAt: daysAgo(age),
      readAt: read ? daysAgo(age) : null,
    })
    .returning();
  return row!.id;
}

async function delivery(
  label: string,
  age: number,
  status: DeliveryStatus,
  notificationId: string | null = null,
) {
  await database.db.insert(notificationDeliveries).values({
    companyId,
    notificationId,
    kind: 'firing',
    channel: 'email',
    recipientUserId: userId,
    status,
    idempotencyKey: label,
    createdAt: daysAgo(age),
  });
}

const titles = async () =>
  (await database.db.select({ t: notifications.title }).from(notifications)).map((r) => r.t).sort();
const keys = async () =>
  (await database.db.select({ k: notificationDeliveries.idempotencyKey }).from(notificationDeliveries))
    .map((r) => r.k)
    .sort();

describe('notification retention (90 days)', () => {
  it('deletes read notifications and final deliveries past it; keeps unread ones a year and held/queued ones always', async () => {
    await notification('read-100d', 100, true);
    await notification('read-30d', 30, true);
    await notification('unread-200d', 200, false);
    await notification('unread-400d', 400, false);
    // a notification a held delivery will still show: kept however old
    const needed = await notification('unread-400d-held', 400, false);
    await delivery('held-400d', 400, 'held', needed);
    await delivery('sent-100d', 100, 'sent');
    await delivery('failed-100d', 100, 'failed');
    await delivery('sent-30d', 30, 'sent');
    await delivery('queued-100d', 100, 'queued');

    const result = await purgeNotifications(database.db, new Date(), { days: 90 });
    expect(result).toEqual({ deliveries: 2, notifications: 2 });
    expect(await titles()).toEqual(['read-30d', 'unread-200d', 'unread-400d-held']);
    expect(await keys()).toEqual(['held-400d', 'queued-100d', 'sent-30d']);
    // a second run finds nothing
    expect(await purgeNotifications(database.db, new Date(), { days: 90 })).toEqual({
      deliveries: 0,
      notifications: 0,
    });
  });

  it('works in bounded batches until done, and a run stops after its batch budget', async () => {
    for (let i = 0; i < 5; i += 1) {
      await notification(`old-${i}`, 120 + i, true);
      await delivery(`old-${i}`, 120 + i, 'sent');
    }
    await notification('young', 10, true);
    expect(
      await purgeNotifications(database.db, new Date(), { days: 90, batchSize: 2, maxBatches: 1 }),
    ).toEqual({
      deliveries: 2,
      notifications: 2,
    });
    // oldest first
    expect(await titles()).toEqual(['old-0', 'old-1', 'old-2', 'young']);
    expect(await purgeNotifications(database.db, new Date(), { days: 90, batchSize: 2 })).toEqual({
      deliveries: 3,
      notifications: 3,
    });
    expect(await titles()).toEqual(['young']);
    expect(await keys()).toEqual([]);
  });

  it('the hourly job applies NOTIFICATION_RETENTION_DAYS', async () => {
    await notification('read-20d', 20, true);
    await notification('read-5d', 5, true);
    const job = notificationRetentionJob({ database, days: 14, log: silentLog });
    expect(job.schedule).toEqual({ every: 3_600_000 });
    await job.run(new Date());
    expect(await titles()).toEqual(['read-5d']);
  });
});
