/**
 * The notifying rules one by one, on alerts written straight to the database: idempotent routing
 * (two routers at once), webhook retries with back-off against a real local server, quiet hours
 * across midnight on a DST night and the digest, escalation, outage hold and release, and what is
 * never notified (muted, late, shelved) or caught by the sweep.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  notificationConfigInputSchema,
  type NotificationConfigInput,
} from '@aforo/contracts/notification-configs';
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
import { createMailer } from '../mail/mailer';
import { createNotificationConfigsRepository } from '../modules/notification-configs/notification-configs.repository';
import { buildCompany, buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { createNotifying } from './notifying';
import { createRouter } from './router';
import { digestFor, escalationJob, notifyingUpkeepJob } from './upkeep';
import { createDeliveryWorker, maxAttempts, type DeliveryWorker } from './worker';

let database: Database;
let events: EventBus;
let hook: WebhookReceiver;
let worker: DeliveryWorker;
let companyId: string;
let pointId: string;
let operator: string;
let boss: string;
const router = () => createRouter({ database, events });

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
    mailer: createMailer(db, {}),
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

async function config(overrides: Partial<NotificationConfigInput> = {}) {
  return createNotificationConfigsRepository(database.db).insert(
    companyId,
    notificationConfigInputSchema.parse({
      name: 'Operación',
      alertTypes: ['DANGER', 'WARNING', 'NO_TRANSMISSION'],
      roles: ['ROLE_CHIEF_CLIENTE'],
      webhookUrl: hook.url,
      ...overrides,
    }),
  );
}

let series = 0;
async function alert(values: Partial<typeof alerts.$inferInsert> = {}) {
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

const deliveries = () => database.db.select().from(notificationDeliveries);
const notificationsOf = (userId: string) =>
  database.db.select().from(notifications).where(eq(notifications.userId, userId));
const secondsFromNow = (d: Date | null) => Math.round((d!.getTime() - Date.now()) / 1000);
/** Brings every queued retry forward to now (time passing). */
const timePasses = () =>
  database.db
    .update(notificationDeliveries)
    .set({ notBefore: new Date(Date.now() - 1000) })
    .where(eq(notificationDeliveries.status, 'queued'));

describe('routing', () => {
  it('the same alert routed by two processes at once and again later: one notification per recipient', async () => {
    await config({ userIds: [boss] });
    const a = await alert();
    const results = await Promise.all([router().route(a.id), router().route(a.id), router().route(a.id)]);
    await router().route(a.id);
    // one router queued the webhook; the others found the transition routed
    expect(results.sort()).toEqual([0, 0, 1]);
    expect((await notificationsOf(operator)).map((n) => [n.alertId, n.kind])).toEqual([[a.id, 'firing']]);
    expect(await notificationsOf(boss)).toHaveLength(1);
    const rows = await deliveries();
    expect(rows.map((d) => d.channel).sort()).toEqual(['in_app', 'in_app', 'webhook']);
    expect(new Set(rows.map((d) => d.idempotencyKey)).size).toBe(3);
  });

  it('alerts routed together (the alert.changed of one round) are told as each alone would be', async () => {
    await config({ userIds: [boss] });
    const firing = await alert();
    const both = await alert({ clearedAt: new Date(), clearedValue: 3.1 });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    const muted = await alert({ muted: true });
    const clearedShelved = await alert({
      clearedAt: new Date(),
      shelvedUntil: new Date(Date.now() + 3_600_000),
    });
    const flat = await alert({ type: 'FLAT', level: 'WARNING' });
    const ids = [firing, both, warning, muted, clearedShelved, flat].map((a) => a.id);
    // four webhook POSTs: firing, both's firing and resolved, warning (FLAT is not in the config)
    expect(await router().routeAll([...ids, firing.id])).toBe(4);
    expect(await router().routeAll(ids)).toBe(0);
    const told = (await notificationsOf(operator)).map((n) => `${n.alertId}:${n.kind}`).sort();
    expect(told).toEqual(
      [`${firing.id}:firing`, `${both.id}:firing`, `${both.id}:resolved`, `${warning.id}:firing`].sort(),
    );
    expect(await notificationsOf(boss)).toHaveLength(4);
    // what was shelved is claimed, so the sweep does not tell it later; muted: nothing recorded
    const marks = (await database.db.select().from(notificationRoutings)).map(
      (r) => `${r.alertId}:${r.transition}`,
    );
    expect(marks).toContain(`${clearedShelved.id}:resolved`);
    expect(marks.some((m) => m.startsWith(muted.id))).toBe(false);
  });

  it('the alert.changed of one turn are routed together; a batch that fails is routed alert by alert', async () => {
    await config({ webhookUrl: null });
    const notifying = createNotifying({ database, events, log: silentLog });
    notifying.start();
    try {
      const [a, b] = [await alert(), await alert({ type: 'WARNING', level: 'WARNING' })];
      events.publish('alert.changed', { alertId: a.id, pointId });
      // not an id: the batch's read fails, and each alert is then routed alone
      events.publish('alert.changed', { alertId: 'not-an-id', pointId });
      events.publish('alert.changed', { alertId: b.id, pointId });
      await events.idle();
      expect((await notificationsOf(operator)).map((n) => n.alertId).sort()).toEqual([a.id, b.id].sort());
    } finally {
      await notifying.close();
    }
  });

  it('a person named by two configs gets one notification; e-mail if either says so', async () => {
    await config({ email: false, webhookUrl: null });
    await config({ roles: [], userIds: [operator], email: true, webhookUrl: null });
    const a = await alert();
    await router().route(a.id);
    expect(await notificationsOf(operator)).toHaveLength(1);
    expect((await deliveries()).map((d) => d.channel).sort()).toEqual(['email', 'in_app']);
  });

  it('only Active people with an Active profile in the company; disabled configs and other types reach nobody', async () => {
    const suspended = await buildUser(database.db, {
      companyId,
      roles: ['ROLE_CHIEF_CLIENTE'],
      state: 'Suspended',
    });
    const inactiveProfile = await buildUser(database.db, {
      companyId,
      roles: ['ROLE_CHIEF_CLIENTE'],
      profileState: 'Inactive',
    });
    await config({ webhookUrl: null });
    await config({ enabled: false, roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: null });
    await config({ alertTypes: ['FLAT'], roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: null });
    await router().route((await alert()).id);
    const reached = (await database.db.select().from(notifications)).map((n) => n.userId);
    expect(reached).toEqual([operator]);
    expect(reached).not.toContain(suspended.id);
    expect(reached).not.toContain(inactiveProfile.id);
  });

  it('resolved: told when the alert clears, unless the config says not to', async () => {
    await config({ webhookUrl: null, userIds: [boss] });
    await config({ roles: [], userIds: [boss], notifyResolved: false, webhookUrl: hook.url });
    const a = await alert();
    await router().route(a.id);
    await database.db
      .update(alerts)
      .set({ clearedAt: new Date(), clearedValue: 3.1 })
      .where(eq(alerts.id, a.id));
    await router().route(a.id);
    expect((await notificationsOf(boss)).map((n) => n.kind).sort()).toEqual(['firing', 'resolved']);
    // the webhook config does not notify resolved: its only delivery is the firing one
    expect((await deliveries()).filter((d) => d.channel === 'webhook').map((d) => d.kind)).toEqual([
      'firing',
    ]);
  });

  it('muted and late alerts are never notified; shelved ones wait for the end of the shelving', async () => {
    await config({ webhookUrl: null });
    const muted = await alert({ muted: true });
    const late = await alert({ late: true });
    const shelved = await alert({ shelvedUntil: new Date(Date.now() + 3_600_000) });
    for (const a of [muted, late, shelved]) await router().route(a.id);
    expect(await database.db.select().from(notifications)).toEqual([]);
    expect(await database.db.select().from(notificationRoutings)).toEqual([]);

    // the sweep routes what was shelved once the shelving is over, never the muted or late
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    expect(await database.db.select().from(notifications)).toEqual([]);
    await database.db
      .update(alerts)
      .set({ shelvedUntil: new Date(Date.now() - 1000) })
      .where(eq(alerts.id, shelved.id));
    await upkeep.run(new Date());
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([shelved.id]);
  });

  it('the sweep routes an alert whose alert.changed was lost, once', async () => {
    await config({ webhookUrl: null });
    const a = await alert();
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    await upkeep.run(new Date());
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([a.id]);
  });
});

describe('webhook delivery', () => {
  it('retries with back-off (30 s, 2 min) against a receiver failing twice, same key and signature each time', async () => {
    const configId = await config({ roles: ['ROLE_ADMIN_CLIENTE'] });
    const [stored] = await database.db
      .select({ webhookSecret: notificationConfigs.webhookSecret })
      .from(notificationConfigs)
      .where(eq(notificationConfigs.id, configId));
    const secret = stored!.webhookSecret;
    hook.answers.push(500, 503);
    const a = await alert();
    await router().route(a.id);
    const webhook = async () => (await deliveries()).find((d) => d.channel === 'webhook')!;

    expect(await worker.runOnce()).toBe(1);
    let d = await webhook();
    expect([d.status, d.attempts, d.lastError]).toEqual(['queued', 1, 'HTTP 500']);
    expect(secondsFromNow(d.notBefore)).toBeGreaterThanOrEqual(28);
    expect(secondsFromNow(d.notBefore)).toBeLessThanOrEqual(31);
    // not due yet: nothing is claimed
    expect(await worker.runOnce()).toBe(0);

    await timePasses();
    await worker.runOnce();
    d = await webhook();
    expect([d.status, d.attempts, d.lastError]).toEqual(['queued', 2, 'HTTP 503']);
    expect(secondsFromNow(d.notBefore)).toBeGreaterThanOrEqual(118);
    expect(secondsFromNow(d.notBefore)).toBeLessThanOrEqual(121);

    await timePasses();
    await worker.runOnce();
    d = await webhook();
    expect([d.status, d.attempts, d.lastError, d.sentAt !== null]).toEqual(['sent', 3, null, true]);
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([d.idempotencyKey]),
    );
    for (const r of hook.received)
      expect(r.headers['x-aforo-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`,
      );
  });

  it(`fails for good after ${maxAttempts} attempts, with the reason; an unreachable receiver is a failed attempt`, async () => {
    await config({ roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: 'http://127.0.0.1:9/unreachable' });
    const a = await alert();
    await router().route(a.id);
    await worker.runOnce();
    let [d] = (await deliveries()).filter((x) => x.channel === 'webhook');
    expect(d!.status).toBe('queued');
    expect(d!.lastError).toMatch(/ECONNREFUSED/);
    await database.db
      .update(notificationDeliveries)
      .set({ attempts: maxAttempts - 1, notBefore: null })
      .where(eq(notificationDeliveries.id, d!.id));
    await worker.runOnce();
    [d] = (await deliveries()).filter((x) => x.channel === 'webhook');
    expect([d!.status, d!.attempts, d!.notBefore]).toEqual(['failed', maxAttempts, null]);
  });

  it('a delivery claimed by a worker that died is due again after its lease, not lost', async () => {
    await config({ roles: ['ROLE_ADMIN_CLIENTE'] });
    await router().route((await alert()).id);
    // claimed (attempt 1) and never finished
    await database.db.execute(sql`
      update notification_deliveries set attempts = 1, not_before = now() + interval '5 minutes'
      where channel = 'webhook'`);
    expect(await worker.runOnce()).toBe(0);
    await timePasses();
    expect(await worker.runOnce()).toBe(1);
    expect((await deliveries()).find((d) => d.channel === 'webhook')!.status).toBe('sent');
  });
});

describe('quiet hours', () => {
  it('22:00 → 07:00 across midnight on the DST night: WARNING held until 07:00 CET, DANGER passes, then one digest', async () => {
    await config({ webhookUrl: null, email: true });
    await database.db
      .insert(notificationQuietHours)
      .values({ userId: operator, companyId, from: '22:00', to: '07:00' });
    // 23:30 CEST on 24 October 2026; the clocks go back at 03:00 that night
    const night = createRouter({ database, events, now: () => new Date('2026-10-24T21:30:00Z') });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    const jump = await alert({ type: 'DANGER', level: 'DANGER' });
    await night.route(warning.id);
    await night.route(jump.id);
    const rows = await deliveries();
    const ofWarning = rows.filter((d) => d.alertId === warning.id);
    expect(ofWarning.map((d) => [d.channel, d.status, d.holdReason]).sort()).toEqual([
      ['email', 'held', 'quiet_hours'],
      ['in_app', 'held', 'quiet_hours'],
    ]);
    // 07:00 CET = 06:00Z: ten hours of elapsed night, as the wall clock says
    expect(ofWarning.every((d) => d.notBefore?.toISOString() === '2026-10-25T06:00:00.000Z')).toBe(true);
    expect(
      rows
        .filter((d) => d.alertId === jump.id)
        .map((d) => [d.channel, d.status])
        .sort(),
    ).toEqual([
      ['email', 'queued'],
      ['in_app', 'sent'],
    ]);
    const shown = (await notificationsOf(operator)).filter((n) => n.deliveredAt !== null);
    expect(shown.map((n) => n.alertId)).toEqual([jump.id]);

    // the end has passed (it is in the past of the real clock): the digest job gathers them
    expect(await digestFor(database, events, companyId, operator)).toBe(true);
    expect(await digestFor(database, events, companyId, operator)).toBe(false);
    const digest = (await notificationsOf(operator)).find((n) => n.kind === 'digest')!;
    expect(digest).toMatchObject({
      alertIds: [warning.id],
      title: '1 notificación durante sus horas de silencio',
    });
    expect(digest.body).toContain('Aviso');
    const after = await deliveries();
    expect(
      after
        .filter((d) => d.alertId === warning.id)
        .every((d) => d.status === 'sent' && d.digestId === digest.id),
    ).toBe(true);
    expect(
      after
        .filter((d) => d.kind === 'digest')
        .map((d) => [d.channel, d.status])
        .sort(),
    ).toEqual([
      ['email', 'queued'],
      ['in_app', 'sent'],
    ]);
  });

  it('outside quiet hours nothing waits', async () => {
    await config({ webhookUrl: null });
    await database.db
      .insert(notificationQuietHours)
      .values({ userId: operator, companyId, from: '22:00', to: '07:00' });
    // 12:00 in Madrid
    const noon = createRouter({ database, events, now: () => new Date('2026-11-20T11:00:00Z') });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    await noon.route(warning.id);
    expect((await deliveries()).map((d) => d.status)).toEqual(['sent']);
  });
});

describe('escalation', () => {
  it('an alert unacknowledged T minutes after opening reaches the escalation recipients once', async () => {
    await config({ webhookUrl: null, escalation: { afterMinutes: 5, roles: ['ROLE_ADMIN_CLIENTE'] } });
    const old = await alert({ openedAt: new Date(Date.now() - 10 * 60_000) });
    await alert({ openedAt: new Date(Date.now() - 2 * 60_000) });
    await alert({ openedAt: new Date(Date.now() - 10 * 60_000), acknowledgedAt: new Date() });
    await alert({ openedAt: new Date(Date.now() - 10 * 60_000), clearedAt: new Date() });
    const job = escalationJob({ database, router: router(), kick: () => {}, log: silentLog });
    await job.run(new Date());
    await job.run(new Date());
    const escalated = await notificationsOf(boss);
    expect(escalated.map((n) => [n.alertId, n.kind])).toEqual([[old.id, 'escalation']]);
    expect(escalated[0]!.body).toContain('sin reconocer tras 5 minutos');
    expect(await notificationsOf(operator)).toEqual([]);
  });
});

describe('outages', () => {
  it('a NO_TRANSMISSION of an open incident is held, and delivered when the incident ends', async () => {
    await config({ userIds: [boss] });
    const [incident] = await database.db
      .insert(incidents)
      .values({ companyId, kind: 'mass_silence', silentPoints: 4, watchedPoints: 10 })
      .returning();
    const a = await alert({
      type: 'NO_TRANSMISSION',
      level: 'NO_TRANSMISSION',
      port: null,
      incidentId: incident!.id,
    });
    await router().route(a.id);
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    expect(await worker.runOnce()).toBe(0);
    expect((await deliveries()).map((d) => [d.channel, d.status, d.holdReason])).toEqual(
      expect.arrayContaining([
        ['in_app', 'held', 'incident'],
        ['webhook', 'held', 'incident'],
      ]),
    );
    expect((await database.db.select().from(notifications)).every((n) => n.deliveredAt === null)).toBe(true);

    await database.db.update(incidents).set({ endedAt: new Date() }).where(eq(incidents.id, incident!.id));
    await upkeep.run(new Date());
    expect(await worker.runOnce()).toBe(3);
    expect((await deliveries()).every((d) => d.status === 'sent')).toBe(true);
    const shown = await database.db.select().from(notifications);
    expect(shown.every((n) => n.deliveredAt !== null)).toBe(true);
    expect(hook.received.map((r) => JSON.parse(r.body).alert.type)).toEqual(['NO_TRANSMISSION']);
  });
});

describe('e-mail', () => {
  it('goes through the mailer: a mail in the outbox in the recipient language, delivery sent', async () => {
    await config({ webhookUrl: null, email: true });
    await router().route((await alert()).id);
    await worker.runOnce();
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail!.subject).toBe('Aforo · Alerta: Peligro · Río Ebro');
    expect(mail!.text).toMatch(/^Hola, Test User:\n\nPeligro en Río Ebro \(ai\d+\) desde /);
    const email = (await deliveries()).find((d) => d.channel === 'email')!;
    expect([email.status, email.attempts]).toEqual(['sent', 1]);
  });
});
