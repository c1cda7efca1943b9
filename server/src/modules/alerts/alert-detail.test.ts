/**
 * GET /api/alerts/{id}: an alert's timeline and the notifications sent for it, through its life —
 * opened (and repeated) as the engine writes it, routed by the real router, delivered by the real
 * worker (in-app, e-mail to the outbox, webhook to a local receiver), acknowledged with a comment and
 * shelved through the API, cleared as the engine writes it. Tenant-safe and role-checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail } from '@aforo/contracts/alerts';
import { alerts, mailOutbox } from '../../db/schema';
import { createEventBus, type EventBus } from '../../events/event-bus';
import { createMailTransport } from '../../mail/mail-transport';
import { createRouter } from '../../notifying/router';
import { createDeliveryWorker, type DeliveryWorker } from '../../notifying/worker';
import {
  buildCompany,
  buildNotificationConfig,
  buildPoint,
  buildUser,
  companyIdByName,
} from '../../test/factories';
import { silentLog } from '../../test/ingest-harness';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

let server: TestServer;
let events: EventBus;
let hook: WebhookReceiver;
let worker: DeliveryWorker;
let company: string;
let levante: string;
let pointId: string;
const people = {
  operator: 'ROLE_CHIEF_CLIENTE',
  admin: 'ROLE_ADMIN_CLIENTE',
  viewer: 'ROLE_USER',
  spectator: 'ROLE_SPECTATOR',
} as const;
type Person = keyof typeof people | 'provider' | 'providerViewer' | 'levante';
const emails: Record<Person, string> = {
  operator: '',
  admin: '',
  viewer: '',
  spectator: '',
  provider: 'admin@demo.aforo.dev',
  providerViewer: 'viewer@demo.aforo.dev',
  levante: 'admin-cliente.levante@demo.aforo.dev',
};
const tokens: Partial<Record<Person, string>> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  company = (await buildCompany(db, { businessName: 'Riegos del Cinca' })).id;
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  pointId = (await buildPoint(db, company, { name: 'Cinca en Fraga', unit: 'm' })).id;
  for (const [who, role] of Object.entries(people)) {
    const user = await buildUser(db, { companyId: company, roles: [role] });
    emails[who as Person] = user.email;
  }
  for (const who of Object.keys(emails) as Person[]) tokens[who] = await server.login(emails[who]);
  events = createEventBus({ log: silentLog });
  hook = await startWebhookReceiver();
  worker = createDeliveryWorker({
    database: server.database,
    events,
    mail: createMailTransport({ db, log: silentLog }),
    log: silentLog,
    allowPrivateWebhooks: true,
  });
  await buildNotificationConfig(db, company, {
    name: 'Guardia',
    alertTypes: ['DANGER'],
    roles: ['ROLE_CHIEF_CLIENTE'],
    email: true,
    webhookUrl: hook.url,
  });
});
afterAll(async () => {
  await worker?.close();
  await hook?.close();
  await events?.close();
  await server?.close();
});

const call = (method: 'GET' | 'POST', url: string, who: Person, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who === 'levante' ? levante : company,
    }),
    payload,
  });
const detail = async (id: string, who: Person = 'viewer') => {
  const res = await call('GET', `/api/alerts/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AlertDetail>();
};
const kinds = (d: AlertDetail) => d.timeline.map((e) => e.kind);
const at = (iso: string) => new Date(iso);

let series = 0;
/** A DANGER opened at 10:00 by 5.2 m, as the engine writes it (each on a port of its own). */
async function openAlert() {
  const [row] = await server.database.db
    .insert(alerts)
    .values({
      companyId: company,
      pointId,
      port: `ai${(series += 1)}`,
      type: 'DANGER',
      level: 'DANGER',
      openedAt: at('2026-03-01T10:00:00Z'),
      openedValue: 5.2,
      lastAt: at('2026-03-01T10:00:00Z'),
      lastValue: 5.2,
    })
    .returning();
  return row!.id;
}

describe('GET /api/alerts/{id}', () => {
  it('tells the alert’s life: opened, repeated, notified, acknowledged, shelved, cleared', async () => {
    const id = await openAlert();
    const db = server.database.db;
    let d = await detail(id);
    expect(d).toMatchObject({ id, companyId: company, companyName: 'Riegos del Cinca', state: 'open' });
    expect(d.timeline).toEqual([
      {
        kind: 'opened',
        at: '2026-03-01T10:00:00.000Z',
        value: 5.2,
        count: null,
        by: null,
        text: null,
        until: null,
      },
    ]);
    expect(d.notifications).toEqual([]);

    // a repeat, then the router and the worker tell the operators on every channel
    await db
      .update(alerts)
      .set({ count: 3, lastAt: at('2026-03-01T10:30:00Z'), lastValue: 5.6 })
      .where(eq(alerts.id, id));
    const publicUrl = 'https://aforo.example';
    expect(await createRouter({ database: server.database, events, publicUrl }).route(id)).toBeGreaterThan(0);
    await worker.runOnce();
    // the e-mail links to this detail
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, emails.operator));
    expect(mail!.text).toContain(`\n\nVer la alerta: ${publicUrl}/app/operation/alerts/${id}\n\nAforo`);
    d = await detail(id, 'admin');
    expect(kinds(d)).toEqual(['opened', 'repeated']);
    expect(d.timeline[1]).toMatchObject({ at: '2026-03-01T10:30:00.000Z', value: 5.6, count: 3 });
    const byChannel = Object.fromEntries(d.notifications.map((n) => [n.channel, n]));
    expect(Object.keys(byChannel).sort()).toEqual(['email', 'in_app', 'webhook']);
    for (const n of d.notifications)
      expect([n.kind, n.status, n.configName]).toEqual(['firing', 'sent', 'Guardia']);
    // the admin who manages notifications sees addresses; a viewer sees the person, never the webhook's
    expect(byChannel.webhook!.recipient).toBe(hook.url);
    expect(byChannel.email!.recipient).toBe(`Test User <${emails.operator}>`);
    const seen = (await detail(id, 'viewer')).notifications;
    expect(seen.find((n) => n.channel === 'webhook')!.recipient).toBeNull();
    expect(seen.find((n) => n.channel === 'email')!.recipient).toBe('Test User');

    const ack = await call('POST', `/api/alerts/${id}/acknowledge`, 'operator', {
      comment: 'Brigada avisada',
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const until = new Date(Date.now() + 4 * 3_600_000);
    const shelve = await call('POST', `/api/alerts/${id}/shelve`, 'operator', {
      until: until.toISOString(),
      reason: 'Obras en el cauce',
    });
    expect(shelve.statusCode, shelve.body).toBe(200);
    d = await detail(id);
    expect(kinds(d)).toEqual(['opened', 'repeated', 'acknowledged', 'shelved']);
    const [acknowledged, shelved] = d.timeline.slice(2);
    expect(acknowledged).toMatchObject({ by: { name: 'Test User' }, text: 'Brigada avisada' });
    expect(shelved).toMatchObject({
      by: { name: 'Test User' },
      text: 'Obras en el cauce',
      until: until.toISOString(),
    });
    expect(Date.parse(shelved!.at)).toBeGreaterThanOrEqual(Date.parse(acknowledged!.at));

    // cleared by 4.1 m while shelved: recorded, and its end is no news to anyone
    await db
      .update(alerts)
      .set({ clearedAt: at('2026-03-01T11:00:00Z'), clearedValue: 4.1 })
      .where(eq(alerts.id, id));
    expect(await createRouter({ database: server.database, events }).route(id)).toBe(0);
    d = await detail(id);
    expect(d.state).toBe('cleared');
    // in time order: the clear (measurement time) comes before today's acknowledgement and shelving
    expect(kinds(d)).toEqual(['opened', 'repeated', 'cleared', 'acknowledged', 'shelved']);
    expect(d.timeline[2]).toMatchObject({ at: '2026-03-01T11:00:00.000Z', value: 4.1 });
    expect(d.notifications.map((n) => n.kind)).toEqual(['firing', 'firing', 'firing']);
  });

  it('keeps every shelving from the history: a second one with the same reason, and the unshelving', async () => {
    const id = await openAlert();
    const shelve = (hours: number) =>
      call('POST', `/api/alerts/${id}/shelve`, 'admin', {
        until: new Date(Date.now() + hours * 3_600_000).toISOString(),
        reason: 'Crecida prevista',
      });
    expect((await shelve(2)).statusCode).toBe(200);
    expect((await shelve(6)).statusCode).toBe(200);
    expect((await call('POST', `/api/alerts/${id}/unshelve`, 'admin')).statusCode).toBe(200);
    const d = await detail(id);
    expect(kinds(d)).toEqual(['opened', 'shelved', 'shelved', 'unshelved']);
    // the history writes changed fields only: the second shelving's reason is carried over
    expect(d.timeline.slice(1, 3).map((e) => e.text)).toEqual(['Crecida prevista', 'Crecida prevista']);
    expect(Date.parse(d.timeline[2]!.until!) - Date.parse(d.timeline[1]!.until!)).toBeGreaterThan(
      3.9 * 3_600_000,
    );
  });

  it('is tenant-safe: another company’s alert is 404 for every caller, unless provider staff ask for the network', async () => {
    const id = await openAlert();
    for (const who of ['levante', 'provider', 'providerViewer'] as const) {
      // levante's admin asks in Levante; provider staff in Levante as their current company
      const res = await server.request({
        method: 'GET',
        url: `/api/alerts/${id}`,
        headers: bearer(tokens[who]!, { 'x-current-company': levante }),
      });
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe('AL1000');
    }
    const network = await server.request({
      method: 'GET',
      url: `/api/alerts/${id}?scope=all`,
      headers: bearer(tokens.provider!, { 'x-current-company': levante }),
    });
    expect(network.statusCode, network.body).toBe(200);
    expect(network.json().companyName).toBe('Riegos del Cinca');
    // a client user may not ask for the network
    expect((await call('GET', `/api/alerts/${id}?scope=all`, 'levante')).statusCode).toBe(403);
    expect((await call('GET', `/api/alerts/${id}?scope=all`, 'admin')).statusCode).toBe(403);
  });

  it('is read by every monitoring role; not by the spectator; unknown or malformed ids answer 404 / 400', async () => {
    const id = await openAlert();
    for (const who of ['operator', 'admin', 'viewer', 'provider', 'providerViewer'] as const)
      expect((await call('GET', `/api/alerts/${id}`, who)).statusCode, who).toBe(200);
    expect((await call('GET', `/api/alerts/${id}`, 'spectator')).statusCode).toBe(403);
    expect((await call('GET', '/api/alerts/00000000-0000-4000-8000-000000000000', 'viewer')).statusCode).toBe(
      404,
    );
    const bad = await call('GET', '/api/alerts/not-an-id', 'viewer');
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/alerts/${id}?scope=some`, 'provider')).statusCode).toBe(400);
  });
});
