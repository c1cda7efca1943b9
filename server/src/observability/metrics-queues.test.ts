/**
 * The queues of the jobs role in GET /metrics (docs/OPERATIONS.md, "Aforo's own metrics"): the
 * notification deliveries and the mail outbox due now, read from the database when scraped (bounded,
 * cached), and each delivery and mail attempt counted by channel and outcome once the real workers
 * have worked them. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { notificationDeliveries } from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createMailOutboxRepository } from '../mail/mail-outbox.repository';
import { createMailWorker, type MailWorker } from '../mail/mail-worker';
import { createNotifying, type Notifying } from '../notifying/notifying';
import { buildCompany } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { parseExposition, type Exposition } from '../test/prometheus-text';
import { openTestDatabase } from '../test/test-database';
import { metricsText } from './metrics';

let database: Database;
let events: EventBus;
let notifying: Notifying;
let mailWorker: MailWorker;
let companyId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  events = createEventBus({ log: silentLog });
  companyId = (await buildCompany(database.db)).id;
});
afterAll(async () => {
  await notifying?.close();
  await mailWorker?.close();
  await events?.close();
  await database?.close();
});

const scrape = async (): Promise<Exposition> => parseExposition((await metricsText()).text);

describe('GET /metrics: the delivery queue and the mail outbox', () => {
  it('shows what is due, then counts each attempt by channel and outcome', async () => {
    const common = { companyId, kind: 'firing' as const };
    await database.db.insert(notificationDeliveries).values([
      // shown at once: sent
      { ...common, channel: 'in_app', idempotencyKey: 'metrics-1' },
      // its config is gone: tried again later
      {
        ...common,
        channel: 'webhook',
        recipientUrl: 'https://hooks.example.org/a',
        idempotencyKey: 'metrics-2',
      },
      // the fifth attempt fails as well: failed for good
      {
        ...common,
        channel: 'webhook',
        recipientUrl: 'https://hooks.example.org/b',
        attempts: 4,
        idempotencyKey: 'metrics-3',
      },
      // not due yet: not in the backlog
      {
        ...common,
        channel: 'email',
        notBefore: new Date(Date.now() + 3_600_000),
        idempotencyKey: 'metrics-4',
      },
    ]);
    const outbox = createMailOutboxRepository(database.db);
    await outbox.insert({ to: 'one@example.org', subject: 'One', text: 'one' });
    await outbox.insert({ to: 'two@example.org', subject: 'Two', text: 'two' });
    await outbox.insert({ to: 'later@example.org', subject: 'Later', text: 'later' }, { due: false });

    // the engines of the jobs role (main.ts): each tracks the queue it works from its creation
    notifying = createNotifying({ database, events, log: silentLog });
    mailWorker = createMailWorker({ db: database.db, events, log: silentLog });
    const before = await scrape();
    // a scrape waits 5 ms for the count at most; a slower first query is answered by a later scrape
    await expect
      .poll(async () => (await scrape()).value('aforo_notification_deliveries_due'), { timeout: 5000 })
      .toBe(3);
    await expect.poll(async () => (await scrape()).value('aforo_mail_outbox_due'), { timeout: 5000 }).toBe(2);

    expect(await notifying.worker.runOnce()).toBe(3);
    // no SMTP_URL: the worker keeps both in the outbox
    expect(await mailWorker.runOnce()).toBe(2);
    const after = await scrape();
    const delivered = (channel: string, status: string) =>
      (after.value('aforo_notification_deliveries_total', { channel, status }) ?? 0) -
      (before.value('aforo_notification_deliveries_total', { channel, status }) ?? 0);
    expect(delivered('in_app', 'sent')).toBe(1);
    expect(delivered('webhook', 'retrying')).toBe(1);
    expect(delivered('webhook', 'failed')).toBe(1);
    expect(delivered('email', 'sent')).toBe(0);
    // every channel and outcome is there from the start, at zero
    expect(after.samples.filter((s) => s.name === 'aforo_notification_deliveries_total')).toHaveLength(9);
    const mailed = (outcome: string) =>
      (after.value('aforo_mail_attempts_total', { outcome }) ?? 0) -
      (before.value('aforo_mail_attempts_total', { outcome }) ?? 0);
    expect(mailed('kept')).toBe(2);
    expect(mailed('sent')).toBe(0);
  });

  it('stops reading a queue once its engine is closed', async () => {
    await notifying.close();
    await mailWorker.close();
    const now = await scrape();
    expect(now.value('aforo_notification_deliveries_due')).toBe(undefined);
    expect(now.value('aforo_mail_outbox_due')).toBe(undefined);
    expect(now.types.get('aforo_mail_outbox_due')).toBe('gauge');
  });
});
