import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationConfigInputSchema } from '@aforo/contracts/notification-configs';
import {
  alerts,
  notificationConfigs,
  notificationDeliveries,
  notificationQuietHours,
  notifications,
} from '../../db/schema';
import { buildPoint, companyIdByName, userIdByEmail } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { createNotificationConfigsRepository } from '../notification-configs/notification-configs.repository';

let server: TestServer;
let norte: string;
let levante: string;
let alertId: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'admin-cliente.levante@demo.aforo.dev',
  'user.levante@demo.aforo.dev',
];
const me = 'user.norte@demo.aforo.dev';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of emails) {
    tokens[email] = await server.login(email);
    ids[email] = await userIdByEmail(db, email);
  }
  const point = await buildPoint(db, norte, { name: 'Río Norte' });
  const [a] = await db
    .insert(alerts)
    .values({
      companyId: norte,
      pointId: point.id,
      port: 'ai1',
      type: 'DANGER',
      level: 'DANGER',
      openedAt: new Date(),
      lastAt: new Date(),
    })
    .returning();
  alertId = a!.id;
});
afterAll(() => server.close());

let mine: { old: string; recent: string; held: string };
beforeEach(async () => {
  const db = server.database.db;
  await db.delete(notificationDeliveries);
  await db.delete(notifications);
  await db.delete(notificationQuietHours);
  const base = { kind: 'firing' as const, title: 'Alerta', body: 'Peligro' };
  const rows = await db
    .insert(notifications)
    .values([
      {
        ...base,
        companyId: norte,
        userId: ids[me]!,
        alertId,
        dedupeKey: 'a',
        deliveredAt: new Date('2026-11-20T10:00:00Z'),
      },
      {
        ...base,
        companyId: norte,
        userId: ids[me]!,
        alertId,
        dedupeKey: 'b',
        deliveredAt: new Date('2026-11-21T10:00:00Z'),
      },
      // held by quiet hours: not shown yet
      { ...base, companyId: norte, userId: ids[me]!, alertId, dedupeKey: 'c', deliveredAt: null },
      // someone else's, and mine in another company
      {
        ...base,
        companyId: norte,
        userId: ids['chief-cliente.norte@demo.aforo.dev']!,
        dedupeKey: 'd',
        deliveredAt: new Date(),
      },
      {
        ...base,
        companyId: levante,
        userId: ids['user.levante@demo.aforo.dev']!,
        dedupeKey: 'e',
        deliveredAt: new Date(),
      },
    ])
    .returning({ id: notifications.id, key: notifications.dedupeKey });
  const by = Object.fromEntries(rows.map((r) => [r.key, r.id]));
  mine = { old: by.a!, recent: by.b!, held: by.c! };
  ids.others = by.d!;
});

const headers = (who: string) =>
  bearer(tokens[who]!, {
    'accept-language': 'en',
    'x-current-company': who.includes('levante') ? levante : norte,
  });
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = me, payload?: object) =>
  server.request({ method, url, headers: headers(who), payload });

describe('/api/notifications (mine)', () => {
  it('lists my shown notifications in the current company, newest first, with the unread count', async () => {
    const res = await call('GET', '/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { id: string }) => r.id)).toEqual([mine.recent, mine.old]);
    expect(body).toMatchObject({ total: 2, unread: 2 });
    expect(body.rows[0]).toMatchObject({
      kind: 'firing',
      alertId,
      pointName: 'Río Norte',
      type: 'DANGER',
      level: 'DANGER',
      alerts: [alertId],
      readAt: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('marks one read (404 for anyone else’s or a held one), then all; the unread filter follows', async () => {
    const read = await call('POST', `/api/notifications/${mine.old}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await call('POST', `/api/notifications/${ids.others}/read`)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${mine.held}/read`)).statusCode).toBe(404);
    const unread = (await call('GET', '/api/notifications?unread=true')).json();
    expect(unread).toMatchObject({ total: 1, unread: 1, rows: [{ id: mine.recent }] });
    const all = await call('POST', '/api/notifications/read-all');
    expect(all.json()).toEqual({ changed: 1 });
    expect((await call('GET', '/api/notifications')).json()).toMatchObject({ total: 2, unread: 0 });
    // someone else's stayed unread
    expect(
      (await call('GET', '/api/notifications', 'chief-cliente.norte@demo.aforo.dev')).json().unread,
    ).toBe(1);
  });

  it('every signed-in role reads its own, the spectator included; another company shows only its own', async () => {
    for (const who of ['spectator.norte@demo.aforo.dev', 'admin@demo.aforo.dev', 'viewer@demo.aforo.dev'])
      expect((await call('GET', '/api/notifications', who)).json()).toMatchObject({ total: 0, unread: 0 });
    const levanteUser = (await call('GET', '/api/notifications', 'user.levante@demo.aforo.dev')).json();
    expect(levanteUser.total).toBe(1);
    // my norte notifications are not mine in levante (no profile there: the company check answers 404)
    const elsewhere = await server.request({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(tokens[me]!, { 'x-current-company': levante }),
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'CO1000']);
  });
});

describe('/api/notifications/preferences (my quiet hours)', () => {
  it('none at first; set, read back, crossing midnight allowed; cleared with null', async () => {
    expect((await call('GET', '/api/notifications/preferences')).json()).toEqual({ quietHours: null });
    const set = await call('PUT', '/api/notifications/preferences', me, {
      quietHours: { from: '22:00', to: '07:00' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ quietHours: { from: '22:00', to: '07:00' } });
    expect((await call('GET', '/api/notifications/preferences')).json()).toEqual({
      quietHours: { from: '22:00', to: '07:00' },
    });
    // someone else's preferences are their own
    expect(
      (await call('GET', '/api/notifications/preferences', 'chief-cliente.norte@demo.aforo.dev')).json(),
    ).toEqual({
      quietHours: null,
    });
    expect((await call('PUT', '/api/notifications/preferences', me, { quietHours: null })).json()).toEqual({
      quietHours: null,
    });
  });

  it('refuses a malformed clock or an empty range', async () => {
    for (const quietHours of [
      { from: '24:00', to: '07:00' },
      { from: '7:00', to: '08:00' },
      { from: '08:00', to: '08:00' },
    ]) {
      const res = await call('PUT', '/api/notifications/preferences', me, { quietHours });
      expect(res.statusCode, JSON.stringify(quietHours)).toBe(400);
      expect(res.json().code).toBe('V1000');
    }
  });
});

describe('/api/notification-deliveries', () => {
  beforeEach(async () => {
    const db = server.database.db;
    await db.delete(notificationConfigs);
    const configId = await createNotificationConfigsRepository(db).insert(
      norte,
      notificationConfigInputSchema.parse({ name: 'Crecidas', alertTypes: ['DANGER'], roles: ['ROLE_USER'] }),
    );
    const common = { companyId: norte, configId, alertId, kind: 'firing' as const };
    await db.insert(notificationDeliveries).values([
      {
        ...common,
        channel: 'in_app',
        recipientUserId: ids[me]!,
        notificationId: mine.recent,
        status: 'sent',
        idempotencyKey: 'k1',
        sentAt: new Date(),
      },
      {
        ...common,
        channel: 'webhook',
        recipientUrl: 'https://hooks.example.org/x',
        status: 'queued',
        attempts: 2,
        lastError: 'HTTP 500',
        notBefore: new Date(Date.now() + 120_000),
        idempotencyKey: 'k2',
      },
      {
        companyId: levante,
        kind: 'firing',
        channel: 'in_app',
        recipientUserId: ids['user.levante@demo.aforo.dev']!,
        status: 'sent',
        idempotencyKey: 'k3',
      },
    ]);
  });

  it("the company's admins read its delivery record, filtered", async () => {
    const res = await call('GET', '/api/notification-deliveries', 'admin-cliente.norte@demo.aforo.dev');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const hook = body.rows.find((r: { channel: string }) => r.channel === 'webhook');
    expect(hook).toMatchObject({
      configName: 'Crecidas',
      recipient: 'https://hooks.example.org/x',
      status: 'queued',
      attempts: 2,
      lastError: 'HTTP 500',
    });
    const inApp = body.rows.find((r: { channel: string }) => r.channel === 'in_app');
    expect(inApp.recipient).toBe(`${inApp.recipient.split(' <')[0]} <user.norte@demo.aforo.dev>`);
    const filtered = await call(
      'GET',
      '/api/notification-deliveries?status=queued&channel=webhook',
      'admin-cliente.norte@demo.aforo.dev',
    );
    expect(filtered.json().total).toBe(1);
    expect(
      (await call('GET', '/api/notification-deliveries?status=failed', 'admin@demo.aforo.dev')).json().total,
    ).toBe(0);
    // Levante's admin sees Levante's only
    const other = (
      await call('GET', '/api/notification-deliveries', 'admin-cliente.levante@demo.aforo.dev')
    ).json();
    expect(other.total).toBe(1);
    expect(other.rows[0].channel).toBe('in_app');
  });

  it.each([
    'chief@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'chief-cliente.norte@demo.aforo.dev',
    'user.norte@demo.aforo.dev',
    'spectator.norte@demo.aforo.dev',
  ])('%s may not read it (403)', async (who) => {
    expect((await call('GET', '/api/notification-deliveries', who)).statusCode).toBe(403);
  });
});
