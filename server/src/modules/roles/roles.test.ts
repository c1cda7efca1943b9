/** Issue 11 item 7: GET /api/roles is the web's role list (docs/ROLES.md, docs/API.md), named in the request language. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleNames } from '@aforo/contracts/roles';
import { roles } from '../../db/schema';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const list = async (token: string, lang?: string) =>
  server.request({
    method: 'GET',
    url: '/api/roles',
    headers: bearer(token, lang ? { 'accept-language': lang } : {}),
  });

describe('GET /api/roles', () => {
  it('lists the eight roles of the spec in order, with scope and English names', async () => {
    const res = await list(await server.login('spectator.levante@demo.aforo.dev'), 'en');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(8);
    expect(body.rows.map((r: { id: string }) => r.id).sort()).toEqual([...roleNames].sort());
    expect(body.rows.slice(0, 4)).toEqual([
      { id: 'ROLE_ADMIN', name: 'ROLE_ADMIN', label: 'Super Admin FDX', scope: 'global', order: 1 },
      { id: 'ROLE_CHIEF', name: 'ROLE_CHIEF', label: 'Operator FDX', scope: 'global', order: 2 },
      { id: 'ROLE_VIEWER', name: 'ROLE_VIEWER', label: 'Viewer FDX', scope: 'global', order: 3 },
      {
        id: 'ROLE_ADMIN_CLIENTE',
        name: 'ROLE_ADMIN_CLIENTE',
        label: 'Client Admin',
        scope: 'company',
        order: 4,
      },
    ]);
    const orders = body.rows.map((r: { order: number }) => r.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect(body.rows.find((r: { id: string }) => r.id === 'ROLE_CHANGE_PASSWORD').scope).toBe('system');
  });

  it('names the roles in Spanish for es and by default', async () => {
    const token = await server.login('admin@demo.aforo.dev');
    for (const lang of ['es', undefined]) {
      const labels = Object.fromEntries(
        (await list(token, lang)).json().rows.map((r: { id: string; label: string }) => [r.id, r.label]),
      );
      expect(labels, String(lang)).toMatchObject({
        ROLE_ADMIN: 'Superadministrador',
        ROLE_ADMIN_CLIENTE: 'Administrador de cliente',
        ROLE_CHIEF_CLIENTE: 'Operador',
        ROLE_USER: 'Consulta',
        ROLE_SPECTATOR: 'Espectador',
      });
    }
  });

  it('reads the list from the database: a renamed or reordered role shows as stored', async () => {
    const db = server.database.db;
    await db.update(roles).set({ labelEn: 'Reader', position: 0 }).where(eq(roles.id, 'ROLE_USER'));
    try {
      const rows = (await list(await server.login('admin@demo.aforo.dev'), 'en')).json().rows;
      expect(rows[0]).toMatchObject({ id: 'ROLE_USER', label: 'Reader', order: 0 });
    } finally {
      await db.update(roles).set({ labelEn: 'Viewer', position: 6 }).where(eq(roles.id, 'ROLE_USER'));
    }
  });

  it('answers 401 without a session', async () => {
    const res = await server.request({ method: 'GET', url: '/api/roles' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'AU1003']);
  });
});
