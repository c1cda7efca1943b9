/**
 * Notification configs: the roles a caller may name (a client's admin only the client roles,
 * AL1005) and the limit to points or layers (the company's own: 400 on pointIds / layerIds
 * otherwise). docs/ALERTS.md, "Notification configs".
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { layers, logEntries, measurementPoints, notificationConfigs } from '../../db/schema';
import { companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const adminNorte = 'admin-cliente.norte@demo.aforo.dev';
const adminLevante = 'admin-cliente.levante@demo.aforo.dev';
const provider = 'admin@demo.aforo.dev';
/** Two points and a layer of each client company. */
const points: Record<string, Array<{ id: string; name: string }>> = {};
const layerOf: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const company of [norte, levante]) {
    points[company] = await db
      .select({ id: measurementPoints.id, name: measurementPoints.name })
      .from(measurementPoints)
      .where(eq(measurementPoints.companyId, company))
      .orderBy(asc(measurementPoints.name))
      .limit(2);
    const [layer] = await db
      .select({ id: layers.id, name: layers.name })
      .from(layers)
      .where(eq(layers.companyId, company))
      .limit(1);
    if (!layer) throw new Error(`the demo company ${company} has no layer`);
    layerOf[company] = layer;
  }
  for (const email of [adminNorte, adminLevante, provider]) tokens[email] = await server.login(email);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.delete(notificationConfigs);
});

const call = (
  method: 'POST' | 'PUT',
  url: string,
  who: string,
  payload: object,
  { company = norte, lang = 'en' } = {},
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': lang, 'x-current-company': company }),
    payload,
  });
const create = (who: string, payload: object, options?: { company?: string; lang?: string }) =>
  call('POST', '/api/notification-configs', who, payload, options);

const valid = (extra: object = {}) => ({
  name: 'Crecidas',
  alertTypes: ['DANGER'],
  roles: ['ROLE_CHIEF_CLIENTE'],
  ...extra,
});

describe('roles a notification config may name', () => {
  it("a client's admin: only the client roles (AL1005 on roles and escalation.roles, es and en)", async () => {
    const global = await create(adminNorte, valid({ roles: ['ROLE_CHIEF_CLIENTE', 'ROLE_CHIEF'] }));
    expect(global.statusCode).toBe(400);
    expect(global.json()).toMatchObject({
      code: 'AL1005',
      fields: { roles: "Choose among the company's own roles" },
    });
    const escalation = await create(
      adminNorte,
      valid({ escalation: { afterMinutes: 30, roles: ['ROLE_ADMIN'] } }),
      { lang: 'es' },
    );
    expect(escalation.json()).toMatchObject({
      code: 'AL1005',
      message:
        'Una configuración de notificaciones de una empresa cliente solo puede indicar los roles de la empresa.',
      fields: { 'escalation.roles': 'Elija entre los roles de la empresa' },
    });
    expect(await server.database.db.select().from(notificationConfigs)).toEqual([]);
    const client = await create(adminNorte, valid({ roles: ['ROLE_ADMIN_CLIENTE', 'ROLE_USER'] }));
    expect(client.statusCode, client.body).toBe(201);
  });

  it('the provider admin may name its staff; the client admin keeps them on edit but adds none', async () => {
    const made = await create(provider, valid({ roles: ['ROLE_CHIEF', 'ROLE_CHIEF_CLIENTE'] }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const url = `/api/notification-configs/${id}`;
    const kept = await call('PUT', url, adminNorte, valid({ roles: ['ROLE_CHIEF'], name: 'Guardia' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Guardia', roles: ['ROLE_CHIEF'] });
    const added = await call('PUT', url, adminNorte, valid({ roles: ['ROLE_CHIEF', 'ROLE_VIEWER'] }));
    expect(added.statusCode).toBe(400);
    expect(added.json().code).toBe('AL1005');
    const escalated = await call(
      'PUT',
      url,
      adminNorte,
      valid({ escalation: { afterMinutes: 30, roles: ['ROLE_CHIEF'] } }),
    );
    expect(escalated.json().code).toBe('AL1005');
  });
});

describe('limit to points or layers', () => {
  it("the company's points and layers: stored, answered by name, in the history of changes", async () => {
    const [p1, p2] = points[norte]!;
    const layer = layerOf[norte]!;
    const res = await create(adminNorte, valid({ pointIds: [p2!.id, p1!.id, p1!.id], layerIds: [layer.id] }));
    expect(res.statusCode, res.body).toBe(201);
    const config = res.json();
    expect(config.points).toEqual([p1, p2]);
    expect(config.layers).toEqual([layer]);
    const history = await server.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.entityType, 'notification_config'), eq(logEntries.entityId, config.id)));
    expect(history[0]!.changes).toMatchObject({
      pointIds: [null, [p1!.id, p2!.id].sort()],
      layerIds: [null, [layer.id]],
    });
    // emptied: every point again
    const all = await call('PUT', `/api/notification-configs/${config.id}`, adminNorte, valid());
    expect(all.json()).toMatchObject({ points: [], layers: [] });
  });

  it("another company's point or layer, or an unknown id, is refused (400 on its field)", async () => {
    const unknown = '99999999-9999-4999-8999-999999999999';
    const cases: Array<[object, string]> = [
      [{ pointIds: [points[levante]![0]!.id] }, 'pointIds'],
      [{ pointIds: [points[norte]![0]!.id, unknown] }, 'pointIds'],
      [{ layerIds: [layerOf[levante]!.id] }, 'layerIds'],
      [{ layerIds: [unknown] }, 'layerIds'],
    ];
    for (const [extra, field] of cases) {
      const res = await create(adminNorte, valid(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'V1000', fields: { [field]: 'This is invalid' } });
    }
    // the provider admin working in Levante uses Levante's, not Norte's
    const ok = await create(provider, valid({ pointIds: [points[levante]![0]!.id] }), { company: levante });
    expect(ok.statusCode, ok.body).toBe(201);
    const wrong = await create(provider, valid({ layerIds: [layerOf[norte]!.id] }), { company: levante });
    expect(wrong.statusCode).toBe(400);
    expect(await server.database.db.select().from(notificationConfigs)).toHaveLength(1);
  });
});
