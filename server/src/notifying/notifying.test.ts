/**
 * Issue 12's done-when, end to end over the real write path: a river series published through MQTT
 * crosses warning then danger; the alert engine opens the alerts; notifying routes them; the
 * recipients get one in-app notification each (pushed to an open stream), a real local HTTP server
 * receives correctly signed webhooks, and a recipient in quiet hours gets no WARNING until one digest.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { formatNumber } from '@aforo/contracts/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine, type AlertEngine } from '../alerting/alert-engine';
import { alerts, mailOutbox, notificationConfigs, notificationDeliveries, notifications } from '../db/schema';
import { createStreamHub } from '../streaming/stream-hub';
import { buildCompany, buildNotificationConfig, buildUser } from '../test/factories';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { createNotifying, type Notifying } from './notifying';
import { localClock } from './quiet-hours';

let h: IngestHarness;
let engine: AlertEngine;
let notifying: Notifying;
let hook: WebhookReceiver;
let chief: string;
let admin: string;
let outsider: string;
let configId: string;
let secret: string;
const pushed: string[] = [];
let closeHub: () => Promise<void>;

let tick = Math.floor(Date.now() / 1000) - 20 * 60;
const mA = (level: number) => 4 + (level * 16) / 10;
async function publish(...levels: number[]) {
  const measures = levels.map((l) => ({ port: 'ai1', t: (tick += 30), v: mA(l) }));
  const body = JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: tick,
    measures,
  });
  expect((await h.pub(body)).code).toBe(0);
  await engine.idle();
  await h.events.idle();
}

/** HH:MM on the company's clock, `minutes` from now. */
function clockIn(minutes: number): string {
  const m = (localClock(new Date(), 'Europe/Madrid').minutes + minutes + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

async function settled() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const queued = await h.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.status, 'queued'));
    if (queued.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${queued.length} deliveries still queued`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const notificationsOf = (userId: string) =>
  h.database.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  h = await startIngestHarness();
  const db = h.database.db;
  chief = (await buildUser(db, { companyId: h.companyId, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
  admin = (await buildUser(db, { companyId: h.companyId, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
  // the same role in another company: never a recipient of this company's alerts
  const other = await buildCompany(db);
  outsider = (await buildUser(db, { companyId: other.id, roles: ['ROLE_CHIEF_CLIENTE'] })).id;
  hook = await startWebhookReceiver();
  configId = await buildNotificationConfig(db, h.companyId, {
    name: 'Crecidas',
    alertTypes: ['WARNING', 'DANGER'],
    roles: ['ROLE_CHIEF_CLIENTE'],
    userIds: [admin],
    email: true,
    webhookUrl: hook.url,
  });
  const [stored] = await db
    .select({ secret: notificationConfigs.webhookSecret })
    .from(notificationConfigs)
    .where(eq(notificationConfigs.id, configId));
  secret = stored!.secret;
  // the chief sleeps now: quiet hours around the present moment on the company's clock
  const { notificationQuietHours } = await import('../db/schema');
  await db.insert(notificationQuietHours).values({
    userId: chief,
    companyId: h.companyId,
    from: clockIn(-60),
    to: clockIn(60),
  });
  const { measurementPoints } = await import('../db/schema');
  await db
    .update(measurementPoints)
    .set({ alertValue: 4, warningValue: 3 })
    .where(eq(measurementPoints.id, h.pointId));

  const hub = createStreamHub({ db, events: h.events, log: silentLog });
  hub.open(
    { userId: admin, companyId: h.companyId, write: (t) => pushed.push(t) > 0, close() {} },
    undefined,
  );
  closeHub = hub.close;
  engine = createAlertEngine({ database: h.database, events: h.events, log: silentLog });
  // the receiver listens on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE, as in local demos)
  notifying = createNotifying({
    database: h.database,
    events: h.events,
    log: silentLog,
    pollMs: 100,
    allowPrivateWebhooks: true,
  });
  notifying.start();
});
afterAll(async () => {
  await closeHub?.();
  await engine?.close();
  await notifying?.close();
  await hook?.close();
  await h?.close();
});

describe('a river crossing warning then danger', () => {
  it('reaches each recipient once in-app, signs the webhook, holds the WARNING of quiet hours for one digest', async () => {
    await publish(2, 2.5, 3.1, 3.5);
    await publish(4.2, 4.6);
    await settled();
    const db = h.database.db;
    const opened = await db.select().from(alerts).where(eq(alerts.pointId, h.pointId));
    const warning = opened.find((a) => a.type === 'WARNING')!;
    const danger = opened.find((a) => a.type === 'DANGER')!;
    expect(opened).toHaveLength(2);

    // in-app: one notification per recipient and alert; the chief's WARNING is held (quiet hours)
    const ofAdmin = await notificationsOf(admin);
    expect(ofAdmin.map((n) => [n.alertId, n.kind, n.deliveredAt !== null]).sort()).toEqual(
      [
        [danger.id, 'firing', true],
        [warning.id, 'firing', true],
      ].sort(),
    );
    const ofChief = await notificationsOf(chief);
    expect(ofChief.map((n) => [n.alertId, n.deliveredAt !== null]).sort()).toEqual(
      [
        [danger.id, true],
        [warning.id, false],
      ].sort(),
    );
    expect(await notificationsOf(outsider)).toEqual([]);
    // texts in the recipient's language (es by default)
    expect(ofAdmin.find((n) => n.alertId === danger.id)!.title).toBe(
      `Alerta: Peligro · ${await pointName()}`,
    );

    // pushed to the admin's open stream as they were delivered
    const pushedIds = pushed
      .filter((t) => t.includes('event: notification'))
      .map((t) => JSON.parse(t.split('data: ')[1]!).alertId);
    expect(pushedIds.sort()).toEqual([danger.id, warning.id].sort());

    // the webhook: one signed POST per alert, firing, with a stable fingerprint and the delivery key
    const hooks = await hook.waitFor(2);
    for (const got of hooks) {
      expect(got.headers['content-type']).toBe('application/json');
      const expected = `sha256=${createHmac('sha256', secret).update(got.body).digest('hex')}`;
      expect(got.headers['x-aforo-signature']).toBe(expected);
      const body = JSON.parse(got.body);
      const alert = opened.find((a) => a.id === body.alert.id)!;
      expect(body).toMatchObject({
        status: 'firing',
        alert: { id: alert.id, type: alert.type, pointId: h.pointId, state: 'open' },
        company: { id: h.companyId },
      });
      // the human text in both languages, numbers with each language's decimal mark
      const [es, en] = [formatNumber(alert.openedValue!, 'es'), formatNumber(alert.openedValue!, 'en')];
      expect([es, en]).toEqual([en.replace('.', ','), es.replace(',', '.')]);
      expect(es).toContain(','); // 3,1 and 4,2: a value with decimals
      expect(body.text.es).toEqual({
        title: `Alerta: ${alert.type === 'DANGER' ? 'Peligro' : 'Aviso'} · ${await pointName()}`,
        body: expect.stringContaining(` ${es} m`),
      });
      expect(body.text.en.title).toMatch(/^Alert: /);
      expect(body.text.en.body).toContain(` ${en} m`);
      expect(body.fingerprint).toBe(
        createHash('sha256')
          .update([h.pointId, 'ai1', alert.type, alert.openedAt.toISOString()].join('|'))
          .digest('hex'),
      );
      expect(got.headers['idempotency-key']).toBe(`${alert.id}:firing:${configId}:webhook`);
    }

    // e-mail: sent (the outbox is the delivery without SMTP) but the chief's WARNING, held
    const mails = await db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.channel, 'email'));
    expect(mails.map((m) => [m.recipientUserId, m.alertId, m.status]).sort()).toEqual(
      [
        [admin, danger.id, 'sent'],
        [admin, warning.id, 'sent'],
        [chief, danger.id, 'sent'],
        [chief, warning.id, 'held'],
      ].sort(),
    );
    expect(await db.select().from(mailOutbox)).toHaveLength(3);

    // the river goes down: both clear, told as resolved (the chief's WARNING one held too)
    await publish(2.5);
    await settled();
    const resolved = (await hook.waitFor(4)).slice(2).map((r) => JSON.parse(r.body));
    expect(resolved.map((b) => [b.status, b.alert.id]).sort()).toEqual(
      [
        ['resolved', danger.id],
        ['resolved', warning.id],
      ].sort(),
    );
    const heldForChief = await db
      .select()
      .from(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.recipientUserId, chief), eq(notificationDeliveries.status, 'held')),
      );
    expect(heldForChief.map((d) => [d.kind, d.channel]).sort()).toEqual([
      ['firing', 'email'],
      ['firing', 'in_app'],
      ['resolved', 'email'],
      ['resolved', 'in_app'],
    ]);
    expect(heldForChief.every((d) => d.holdReason === 'quiet_hours' && d.notBefore! > new Date())).toBe(true);

    // quiet hours end (their end brought forward): ONE digest gathers what they held
    await db
      .update(notificationDeliveries)
      .set({ notBefore: new Date(Date.now() - 1000) })
      .where(eq(notificationDeliveries.status, 'held'));
    const upkeep = notifying.jobs().find((j) => j.name === 'notifying-upkeep')!;
    await upkeep.run(new Date());
    await settled();
    const digests = (await notificationsOf(chief)).filter((n) => n.kind === 'digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.alertIds).toEqual([warning.id]);
    expect(digests[0]!.deliveredAt).not.toBeNull();
    expect(digests[0]!.title).toBe('2 notificaciones durante sus horas de silencio');
    // the WARNING notifications themselves never showed
    const shownWarnings = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, chief), eq(notifications.alertId, warning.id)));
    expect(shownWarnings.every((n) => n.deliveredAt === null)).toBe(true);
    const stillHeld = await db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.status, 'held'), isNull(notificationDeliveries.digestId)));
    expect(stillHeld).toEqual([]);
    // and its e-mail went out
    const digestMail = await db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.kind, 'digest'), eq(notificationDeliveries.channel, 'email')));
    expect(digestMail.map((d) => d.status)).toEqual(['sent']);
    // a second run finds nothing more to digest
    await upkeep.run(new Date());
    expect((await notificationsOf(chief)).filter((n) => n.kind === 'digest')).toHaveLength(1);
  });
});

async function pointName() {
  const { measurementPoints } = await import('../db/schema');
  const [p] = await h.database.db.select().from(measurementPoints).where(eq(measurementPoints.id, h.pointId));
  return p!.name;
}
