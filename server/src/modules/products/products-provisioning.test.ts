import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, products } from '../../db/schema';
import { createDeviceDirectory } from '../../ingestion/device-directory';
import { companyRoles, missingId, roleEmails, type HistoryRow, type Who } from '../../test/catalogue-calls';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

// one server of our own (not useCatalogueServer): the ingestion directory must read its database
let server: TestServer;
const tokens: Partial<Record<Who, string>> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const [who, email] of Object.entries(roleEmails)) tokens[who as Who] = await server.login(email);
});
afterAll(() => server?.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) {
  return server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });
}

async function history(id: string): Promise<HistoryRow[]> {
  const res = await call('GET', `/api/log-entries?entityType=product&entityId=${id}&dir=ASC`, 'admin');
  expect(res.statusCode).toBe(200);
  return res.json<{ rows: HistoryRow[] }>().rows;
}

const path = (id: string) => `/api/products/${id}/provisioning-key`;

/** A product of its own per test, so keys set by one test do not leak into another. */
async function newProduct(code: string): Promise<string> {
  const res = await call('POST', '/api/products', 'admin', { code, name: `Producto ${code}` });
  expect(res.statusCode).toBe(201);
  expect(res.json().hasProvisioningKey).toBe(false);
  return res.json().id;
}

describe('product provisioning keys', () => {
  it('lets ADMIN generate a key that registers unknown serials as Unconfigured, until revoked', async () => {
    const id = await newProduct('PROV-A');
    const res = await call('POST', path(id), 'admin');
    expect(res.statusCode).toBe(200);
    const { key } = res.json<{ key: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await call('GET', `/api/products/${id}`, 'viewer')).json().hasProvisioningKey).toBe(true);

    const db = server.database.db;
    const [stored] = await db
      .select({ hash: products.provisioningKeyHash })
      .from(products)
      .where(eq(products.id, id));
    // only the sha256 hex of the key is kept
    expect(stored!.hash).toBe(createHash('sha256').update(key).digest('hex'));

    const directory = createDeviceDirectory(db);
    const context = await directory.authenticate('NEW-SERIAL-1', key);
    expect(context).toMatchObject({ serial: 'NEW-SERIAL-1', state: 'Unconfigured', keyHash: null });
    const [device] = await db
      .select({ productId: devices.productId, state: devices.state, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.serial, 'NEW-SERIAL-1'));
    expect(device).toEqual({ productId: id, state: 'Unconfigured', companyId: null });
    expect(await directory.authenticate('NEW-SERIAL-2', 'not-the-key')).toBeNull();

    // a new key replaces the previous one
    const second = (await call('POST', path(id), 'chief')).json<{ key: string }>().key;
    expect(second).not.toBe(key);
    expect(await createDeviceDirectory(db).authenticate('NEW-SERIAL-3', key)).toBeNull();
    expect(await createDeviceDirectory(db).authenticate('NEW-SERIAL-4', second)).not.toBeNull();

    const revoked = await call('DELETE', path(id), 'admin');
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { ok: true }]);
    expect((await call('GET', `/api/products/${id}`, 'chief')).json().hasProvisioningKey).toBe(false);
    expect(await createDeviceDirectory(db).authenticate('NEW-SERIAL-5', second)).toBeNull();
    const refused = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.serial, 'NEW-SERIAL-5'));
    expect(refused).toEqual([]);
  });

  it('lets CHIEF generate and revoke, with history entries that never hold the key', async () => {
    const id = await newProduct('PROV-C');
    const generated = await call('POST', path(id), 'chief');
    expect(generated.statusCode).toBe(200);
    const key = generated.json<{ key: string }>().key;
    expect((await call('DELETE', path(id), 'chief')).json()).toEqual({ ok: true });
    // revoking twice is harmless
    expect((await call('DELETE', path(id), 'chief')).statusCode).toBe(200);

    const entries = await history(id);
    expect(entries.map((e) => e.action)).toEqual([
      'create',
      'provisioning_key_generated',
      'provisioning_key_revoked',
      'provisioning_key_revoked',
    ]);
    expect(entries[1]!.changes).toEqual({ hasProvisioningKey: [false, true] });
    expect(entries[2]!.changes).toEqual({ hasProvisioningKey: [true, false] });
    expect(entries[1]!.user.email).toBe('chief@demo.aforo.dev');
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it('refuses VIEWER and company roles with 403 F1000, and keeps no key', async () => {
    const id = await newProduct('PROV-V');
    for (const who of ['viewer', ...companyRoles] as Who[]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(method, path(id), who);
        expect([who, method, res.statusCode, res.json().code]).toEqual([who, method, 403, 'F1000']);
      }
    }
    expect((await call('GET', `/api/products/${id}`, 'admin')).json().hasProvisioningKey).toBe(false);
    expect((await history(id)).map((e) => e.action)).toEqual(['create']);
  });

  it('answers 404 PR1000 for an unknown product', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, path(missingId), 'admin');
      expect([res.statusCode, res.json().code]).toEqual([404, 'PR1000']);
    }
    const bad = await call('POST', path('not-an-id'), 'admin');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'V1000']);
  });
});
