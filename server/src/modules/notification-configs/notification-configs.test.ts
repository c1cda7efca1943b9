import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logEntries, notificationConfigs } from '../../db/schema';
import { companyIdByName, userIdByEmail } from '../../test/factories';
import { buildApp } from '../../app';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
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
];
const adminNorte = 'admin-cliente.norte@demo.aforo.dev';
let userNorteId: string;
let userLevanteId: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  userNorteId = await userIdByEmail(db, 'user.norte@demo.aforo.dev');
  userLevanteId = await userIdByEmail(db, 'user.levante@demo.aforo.dev');
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.delete(notificationConfigs);
});

const headers = (who: string) =>
  bearer(tokens[who]!, {
    'accept-language': 'en',
    'x-current-company': who.includes('levante') ? levante : norte,
  });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who = adminNorte, payload?: object) =>
  server.request({ method, url, headers: headers(who), payload });

const valid = () => ({
  name: 'Crecidas',
  alertTypes: ['DANGER', 'WARNING'],
  roles: ['ROLE_CHIEF_CLIENTE'],
  userIds: [userNorteId],
  email: true,
  webhookUrl: 'https://hooks.example.org/aforo',
  escalation: { afterMinutes: 30, roles: ['ROLE_ADMIN_CLIENTE'] },
});

describe('/api/notification-configs', () => {
  it('ADMIN_CLIENTE creates, reads, lists, updates and deletes; each write in the history', async () => {
    const created = await call('POST', '/api/notification-configs', adminNorte, valid());
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json();
    expect(config).toMatchObject({
      companyId: norte,
      name: 'Crecidas',
      enabled: true,
      alertTypes: ['DANGER', 'WARNING'],
      roles: ['ROLE_CHIEF_CLIENTE'],
      users: [{ id: userNorteId, email: 'user.norte@demo.aforo.dev' }],
      email: true,
      notifyResolved: true,
      escalation: { afterMinutes: 30, roles: ['ROLE_ADMIN_CLIENTE'], users: [] },
    });
    expect(config.webhookSecret).toMatch(/^[0-9a-f]{64}$/);

    const got = await call('GET', `/api/notification-configs/${config.id}`);
    expect(got.json()).toEqual(config);
    const list = await call('GET', '/api/notification-configs');
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: config.id }] });

    const updated = await call('PUT', `/api/notification-configs/${config.id}`, adminNorte, {
      ...valid(),
      name: 'Crecidas (noche)',
      alertTypes: ['DANGER'],
      escalation: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Crecidas (noche)',
      alertTypes: ['DANGER'],
      escalation: null,
    });
    // the receiver's key stays across edits
    expect(updated.json().webhookSecret).toBe(config.webhookSecret);

    expect((await call('DELETE', `/api/notification-configs/${config.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/notification-configs/${config.id}`)).statusCode).toBe(404);

    const history = await server.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.entityType, 'notification_config'), eq(logEntries.entityId, config.id)));
    expect(history.map((h) => h.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(JSON.stringify(history)).not.toContain(config.webhookSecret);
  });

  it('ADMIN (provider staff) manages the configs of the company selected', async () => {
    const res = await call('POST', '/api/notification-configs', 'admin@demo.aforo.dev', valid());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().companyId).toBe(norte);
  });

  it.each([
    'chief@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'chief-cliente.norte@demo.aforo.dev',
    'user.norte@demo.aforo.dev',
    'spectator.norte@demo.aforo.dev',
  ])('%s may neither read nor write them (403)', async (who) => {
    const created = await call('POST', '/api/notification-configs', adminNorte, valid());
    const id = created.json().id as string;
    expect((await call('GET', '/api/notification-configs', who)).statusCode).toBe(403);
    expect((await call('GET', `/api/notification-configs/${id}`, who)).statusCode).toBe(403);
    expect((await call('POST', '/api/notification-configs', who, valid())).statusCode).toBe(403);
    expect((await call('PUT', `/api/notification-configs/${id}`, who, valid())).statusCode).toBe(403);
    expect((await call('DELETE', `/api/notification-configs/${id}`, who)).statusCode).toBe(403);
  });

  it("another company's config answers 404 and is not listed", async () => {
    const id = (await call('POST', '/api/notification-configs', adminNorte, valid())).json().id as string;
    const other = 'admin-cliente.levante@demo.aforo.dev';
    expect((await call('GET', `/api/notification-configs/${id}`, other)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/notification-configs/${id}`, other, { ...valid(), userIds: [] })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/notification-configs/${id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/notification-configs', other)).json()).toEqual({ rows: [], total: 0 });
    expect((await call('GET', `/api/notification-configs/${id}`)).statusCode).toBe(200);
  });

  it('docs/VALIDATION.md: at least one alert type and at least one role or user, with their messages', async () => {
    const res = await call('POST', '/api/notification-configs', adminNorte, {
      name: 'Vacía',
      alertTypes: [],
      roles: [],
      userIds: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'V1000',
      fields: { alertTypes: 'Choose at least one alert type', roles: 'Choose at least one role or user' },
    });
    const es = await server.request({
      method: 'POST',
      url: '/api/notification-configs',
      headers: { ...headers(adminNorte), 'accept-language': 'es' },
      payload: { name: 'Vacía', alertTypes: ['DANGER'] },
    });
    expect(es.json().fields).toEqual({ roles: 'Elija al menos un rol o un usuario' });
    // a user alone is enough
    const userOnly = await call('POST', '/api/notification-configs', adminNorte, {
      name: 'Solo usuario',
      alertTypes: ['DANGER'],
      userIds: [userNorteId],
    });
    expect(userOnly.statusCode, userOnly.body).toBe(201);
  });

  it('users must hold a profile in the company; the webhook URL must be http(s) without credentials', async () => {
    const foreign = await call('POST', '/api/notification-configs', adminNorte, {
      ...valid(),
      userIds: [userLevanteId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ userIds: 'This is invalid' });
    const escalation = await call('POST', '/api/notification-configs', adminNorte, {
      ...valid(),
      escalation: { afterMinutes: 30, userIds: [userLevanteId] },
    });
    expect(escalation.json().fields).toEqual({ 'escalation.userIds': 'This is invalid' });
    for (const webhookUrl of ['ftp://example.org/x', 'https://user:pw@example.org/x', 'not a url']) {
      const res = await call('POST', '/api/notification-configs', adminNorte, { ...valid(), webhookUrl });
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['webhookUrl']);
    }
    expect(await server.database.db.select().from(notificationConfigs)).toEqual([]);
  });

  it('SSRF: a webhook on an address of our own network or localhost is refused (AL1004), on create and update', async () => {
    const ok = (await call('POST', '/api/notification-configs', adminNorte, valid())).json().id as string;
    for (const webhookUrl of [
      'http://127.0.0.1:8080/hook',
      'http://2130706433/hook',
      'http://[::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd12::1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.10/hook',
      'http://100.64.0.1/hook',
      'http://0.0.0.0:8080/hook',
      'http://224.0.0.1/hook',
      'https://localhost/hook',
      'https://api.localhost/hook',
    ]) {
      const created = await call('POST', '/api/notification-configs', adminNorte, { ...valid(), webhookUrl });
      expect(created.statusCode, webhookUrl).toBe(400);
      expect(created.json(), webhookUrl).toMatchObject({
        code: 'AL1004',
        fields: { webhookUrl: 'Use a public internet address (not localhost or a private network)' },
      });
      const updated = await call('PUT', `/api/notification-configs/${ok}`, adminNorte, {
        ...valid(),
        webhookUrl,
      });
      expect(updated.json().code, webhookUrl).toBe('AL1004');
    }
    const es = await server.request({
      method: 'POST',
      url: '/api/notification-configs',
      headers: { ...headers(adminNorte), 'accept-language': 'es' },
      payload: { ...valid(), webhookUrl: 'http://127.0.0.1/x' },
    });
    expect(es.json().message).toMatch(/^La dirección del webhook debe estar en internet/);
    expect((await call('GET', `/api/notification-configs/${ok}`)).json().webhookUrl).toBe(valid().webhookUrl);
    expect(await server.database.db.select().from(notificationConfigs)).toHaveLength(1);
  });

  it('SSRF: with WEBHOOK_ALLOW_PRIVATE (tests, local demos) a receiver on this machine is accepted', async () => {
    const app = await buildApp({
      database: server.database,
      tokens: server.tokens,
      logger: false,
      webhookAllowPrivate: true,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/notification-configs',
        headers: headers(adminNorte),
        payload: { ...valid(), webhookUrl: 'http://127.0.0.1:8080/hook' },
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await app.close();
    }
  });
});
