/**
 * A company's measure retention (docs/OPERATIONS.md "Data life"): set by ADMIN only — companies are
 * the provider's to manage (docs/ROLES.md) — kept by an edit that does not name it, 3 to 600 months
 * or null (kept for ever), and recorded in the history of changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const admin = 'admin@demo.aforo.dev';
const others = [
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
];
let server: TestServer;
let norte: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const email of [admin, ...others]) tokens[email] = await server.login(email);
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en', 'x-current-company': norte }),
    ...(payload ? { payload } : {}),
  });

describe('measure retention of a company', () => {
  it('is set, kept by an edit that leaves it out, cleared with null, and in the history', async () => {
    const created = await call('POST', '/api/companies', admin, { businessName: 'Embalses del Sil' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().measureRetentionMonths).toBeNull();

    const set = await call('PUT', `/api/companies/${id}`, admin, {
      businessName: 'Embalses del Sil',
      measureRetentionMonths: 24,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().measureRetentionMonths).toBe(24);
    const kept = await call('PUT', `/api/companies/${id}`, admin, { businessName: 'Embalses del Sil S.A.' });
    expect(kept.json().measureRetentionMonths).toBe(24);
    expect((await call('GET', `/api/companies/${id}`, admin)).json().measureRetentionMonths).toBe(24);
    const cleared = await call('PUT', `/api/companies/${id}`, admin, {
      businessName: 'Embalses del Sil S.A.',
      measureRetentionMonths: null,
    });
    expect(cleared.json().measureRetentionMonths).toBeNull();

    const withIt = await call('POST', '/api/companies', admin, {
      businessName: 'Riberas del Tajo',
      measureRetentionMonths: 3,
    });
    expect(withIt.json().measureRetentionMonths).toBe(3);

    const log = await call('GET', `/api/log-entries?entityType=company&entityId=${id}&dir=ASC`, admin);
    const changes = (log.json().rows as Array<{ changes: Record<string, unknown> }>).map(
      (r) => r.changes.measureRetentionMonths,
    );
    expect(changes).toEqual([undefined, [null, 24], undefined, [24, null]]);
  });

  it('accepts 3 to 600 whole months or null; anything else is 400 V1000 on the field', async () => {
    // the server says "invalid" for a number out of its bounds (server/src/http/errors.ts); the form
    // says which bound before sending
    for (const value of [2, 601, 3.5, '12', 0, -3]) {
      const res = await call('PUT', `/api/companies/${norte}`, admin, {
        businessName: 'Canal del Norte S.A.',
        measureRetentionMonths: value,
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().code).toBe('V1000');
      expect(res.json().fields).toEqual({ measureRetentionMonths: 'This is invalid' });
    }
    expect((await call('GET', `/api/companies/${norte}`, admin)).json().measureRetentionMonths).toBeNull();
  });

  it('cannot be changed by provider staff who only read companies, nor by any company user (403 F1000)', async () => {
    for (const who of others) {
      const res = await call('PUT', `/api/companies/${norte}`, who, {
        businessName: 'Canal del Norte S.A.',
        measureRetentionMonths: 3,
      });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code).toBe('F1000');
    }
    const read = await call('GET', `/api/companies/${norte}`, 'chief@demo.aforo.dev');
    expect(read.json().measureRetentionMonths).toBeNull();
    // a client admin does not read its company's record either (companies are the provider's)
    expect(
      (await call('GET', `/api/companies/${norte}`, 'admin-cliente.norte@demo.aforo.dev')).statusCode,
    ).toBe(403);
  });
});
