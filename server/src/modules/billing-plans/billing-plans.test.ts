import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { buildCompany } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const admin = 'admin@demo.aforo.dev';
const companyUsers = [
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.levante@demo.aforo.dev',
];
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const email of [admin, 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev', ...companyUsers]) {
    tokens[email] = await server.login(email);
  }
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });

const plan = (name: string, extra: object = {}) => ({
  name,
  monthlyApiCalls: 5000,
  maxPoints: 10,
  maxUsers: 3,
  ...extra,
});
const missingId = '00000000-0000-4000-8000-000000000000';

async function planByName(name: string) {
  const list = (
    await call('GET', `/api/billing-plans?length=-1&search=${encodeURIComponent(name)}`, admin)
  ).json();
  return list.rows.find((p: { name: string }) => p.name === name);
}

async function history(entityType: string, entityId: string) {
  const res = await call(
    'GET',
    `/api/log-entries?entityType=${entityType}&entityId=${entityId}&dir=ASC`,
    admin,
  );
  expect(res.statusCode).toBe(200);
  return res.json().rows as {
    action: string;
    companyId: string | null;
    changes: Record<string, unknown>;
    user: { email: string };
  }[];
}

describe('billing plans', () => {
  it('lets ADMIN create, read, update and delete, with a history entry for each change', async () => {
    const created = await call('POST', '/api/billing-plans', admin, plan('Ensayo'));
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      name: 'Ensayo',
      monthlyApiCalls: 5000,
      maxPoints: 10,
      maxUsers: 3,
      companies: 0,
    });
    expect((await call('GET', `/api/billing-plans/${item.id}`, admin)).json()).toEqual(item);

    const updated = await call(
      'PUT',
      `/api/billing-plans/${item.id}`,
      admin,
      plan('Ensayo plus', { maxPoints: 40 }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Ensayo plus', maxPoints: 40 });
    expect((await call('DELETE', `/api/billing-plans/${item.id}`, admin)).json()).toEqual({ ok: true });
    const gone = await call('GET', `/api/billing-plans/${item.id}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('BP1000');

    const rows = await history('billing_plan', item.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows.every((r) => r.companyId === null && r.user.email === admin)).toBe(true);
    expect(rows[0]!.changes).toEqual({
      name: [null, 'Ensayo'],
      monthlyApiCalls: [null, 5000],
      maxPoints: [null, 10],
      maxUsers: [null, 3],
    });
    expect(rows[1]!.changes).toEqual({ name: ['Ensayo', 'Ensayo plus'], maxPoints: [10, 40] });
    expect(rows[2]!.changes).toEqual({
      name: ['Ensayo plus', null],
      monthlyApiCalls: [5000, null],
      maxPoints: [40, null],
      maxUsers: [3, null],
    });
  });

  it('refuses a duplicate name in any case with BP1001, on create and on update', async () => {
    const dup = await call('POST', '/api/billing-plans', admin, plan('  profesional '));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'BP1001', message: 'A billing plan with this name already exists.' });

    const own = (await call('POST', '/api/billing-plans', admin, plan('Temporal'))).json();
    expect((await call('PUT', `/api/billing-plans/${own.id}`, admin, plan('CORPORATIVO'))).json().code).toBe(
      'BP1001',
    );
    // keeping its own name (another case) is not a clash
    expect((await call('PUT', `/api/billing-plans/${own.id}`, admin, plan('TEMPORAL'))).statusCode).toBe(200);
  });

  it('refuses to delete a plan with companies (BP0001) and counts only live companies', async () => {
    const profesional = await planByName('Profesional');
    expect(profesional.companies).toBe(1);
    const res = await call('DELETE', `/api/billing-plans/${profesional.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'BP0001',
      message: 'The billing plan cannot be deleted because it has companies.',
    });
    expect((await call('GET', `/api/billing-plans/${profesional.id}`, admin)).statusCode).toBe(200);
  });

  it('deletes a plan used only by deleted companies, taking it off them with a history entry', async () => {
    const item = (await call('POST', '/api/billing-plans', admin, plan('Retirado'))).json();
    const company = await buildCompany(server.database.db, { billingPlanId: item.id, deletedAt: new Date() });
    expect((await call('GET', `/api/billing-plans/${item.id}`, admin)).json().companies).toBe(0);

    expect((await call('DELETE', `/api/billing-plans/${item.id}`, admin)).statusCode).toBe(200);
    const [row] = await server.database.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.billingPlanId).toBeNull();
    const rows = await history('company', company.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'update',
        companyId: company.id,
        changes: { billingPlanId: [item.id, null] },
      }),
    ]);
  });

  it('answers 404 BP1000 for an unknown plan', async () => {
    for (const [method, payload] of [['GET'], ['PUT', plan('Nada')], ['DELETE']] as const) {
      const res = await call(method, `/api/billing-plans/${missingId}`, admin, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'BP1000', message: 'The billing plan was not found.' });
    }
  });

  it('answers 400 V1000 with field messages for bad input', async () => {
    const res = await call('POST', '/api/billing-plans', admin, {
      name: ' ',
      monthlyApiCalls: -1,
      maxPoints: 'many',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('V1000');
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'maxPoints',
      'maxUsers',
      'monthlyApiCalls',
      'name',
    ]);
    expect(res.json().fields.name).toBe('This is blank or invalid');
    expect((await call('GET', '/api/billing-plans/not-a-uuid', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/billing-plans?order=price', admin)).json().fields).toHaveProperty(
      'order',
    );
  });

  it('refuses limits that are not JSON numbers (true, "", null, "5") on create and update', async () => {
    for (const bad of [true, '', null, '5']) {
      const res = await call(
        'POST',
        '/api/billing-plans',
        admin,
        plan(`Coerced ${String(bad)}`, { maxUsers: bad }),
      );
      expect(res.statusCode, `${String(bad)} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'V1000', fields: { maxUsers: expect.any(String) } });
    }
    const created = await call('POST', '/api/billing-plans', admin, plan('Strict limits'));
    expect(created.statusCode).toBe(201);
    const update = await call(
      'PUT',
      `/api/billing-plans/${created.json().id}`,
      admin,
      plan('Strict limits', {
        monthlyApiCalls: true,
      }),
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().fields).toHaveProperty('monthlyApiCalls');
  });

  it('lets CHIEF and VIEWER read but not write', async () => {
    const basico = await planByName('Básico');
    for (const who of ['chief@demo.aforo.dev', 'viewer@demo.aforo.dev']) {
      expect((await call('GET', '/api/billing-plans', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/billing-plans/${basico.id}`, who)).json().name).toBe('Básico');
      for (const [method, url, payload] of [
        ['POST', '/api/billing-plans', plan('Prohibido')],
        ['PUT', `/api/billing-plans/${basico.id}`, plan('Prohibido')],
        ['DELETE', `/api/billing-plans/${basico.id}`],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    }
    expect((await planByName('Básico')).name).toBe('Básico');
  });

  it('answers 403 F1000 to company users on every call', async () => {
    const basico = await planByName('Básico');
    for (const who of companyUsers) {
      for (const [method, url, payload] of [
        ['GET', '/api/billing-plans'],
        ['GET', `/api/billing-plans/${basico.id}`],
        ['POST', '/api/billing-plans', plan('Prohibido')],
        ['PUT', `/api/billing-plans/${basico.id}`, plan('Prohibido')],
        ['DELETE', `/api/billing-plans/${basico.id}`],
      ] as const) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('F1000');
      }
    }
  });

  it('pages, sorts and searches, with the count of companies on each plan', async () => {
    const all = (await call('GET', '/api/billing-plans?length=-1&order=max_points&dir=ASC', admin)).json();
    const points = all.rows.map((p: { maxPoints: number }) => p.maxPoints);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(all.total).toBe(all.rows.length);

    const page2 = (
      await call('GET', '/api/billing-plans?page=2&length=1&order=monthly_api_calls&dir=DESC', admin)
    ).json();
    expect(page2.rows).toHaveLength(1);
    expect(page2.total).toBe(all.total);
    const byCalls = [...all.rows].sort(
      (a: { monthlyApiCalls: number }, b: { monthlyApiCalls: number }) =>
        b.monthlyApiCalls - a.monthlyApiCalls,
    );
    expect(page2.rows[0].monthlyApiCalls).toBe(byCalls[1].monthlyApiCalls);

    const found = (await call('GET', '/api/billing-plans?search=CORPO', admin)).json();
    expect(found).toMatchObject({ total: 1, rows: [{ name: 'Corporativo', companies: 0 }] });
    expect((await planByName('Básico')).companies).toBe(1);
  });
});
