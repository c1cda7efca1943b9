/** History of changes: the list's page bound and the streamed export (issue 9 item 5). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEntries } from '../../db/schema';
import { companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const emails = ['admin@demo.aforo.dev', 'user.norte@demo.aforo.dev', 'user.levante@demo.aforo.dev'];
const perCompany = 1100;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const companyId of [norte, levante]) {
    // times with microseconds, as now() writes them: the export's cursor must not round them
    const rows = Array.from({ length: perCompany }, (_, i) => ({
      at: sql`now() - random() * interval '1 day'`,
      companyId,
      entityType: 'bulk',
      entityId: `${companyId === norte ? 'norte' : 'levante'}-${i}`,
      action: 'update',
      changes: { name: ['a', 'b, "c"'] },
    }));
    for (let i = 0; i < rows.length; i += 550) await db.insert(logEntries).values(rows.slice(i, i + 550));
  }
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who: string) =>
  server.request({ method: 'GET', url, headers: bearer(tokens[who]!, { 'accept-language': 'en' }) });

const entityIds = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => /^[^,]*,[^,]*,[^,]*,[^,]*,bulk,([^,]+),/.exec(line)?.[1]);

describe('GET /api/log-entries', () => {
  it('refuses length=-1 and pages over 1000 rows (400 V1000, field length)', async () => {
    for (const length of ['-1', '5000']) {
      const res = await get(`/api/log-entries?length=${length}`, 'user.norte@demo.aforo.dev');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'V1000', fields: { length: expect.any(String) } });
    }
    const page = await get('/api/log-entries?length=1000&entityType=bulk', 'user.norte@demo.aforo.dev');
    expect(page.json()).toMatchObject({ total: perCompany });
    expect(page.json().rows).toHaveLength(1000);
  });
});

describe('GET /api/log-entries/export', () => {
  it("streams every entry of the caller's company once, in time order", async () => {
    for (const dir of ['DESC', 'ASC']) {
      const res = await get(
        `/api/log-entries/export?entityType=bulk&dir=${dir}`,
        'user.norte@demo.aforo.dev',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const ids = entityIds(res.body);
      expect(ids).toHaveLength(perCompany);
      expect(new Set(ids).size).toBe(perCompany);
      expect(ids.every((id) => id?.startsWith('norte-'))).toBe(true);
      const times = res.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]!);
      expect(times).toEqual(dir === 'ASC' ? [...times].sort() : [...times].sort().reverse());
    }
  });

  it("never gives another company's entries; provider staff get every company's", async () => {
    const levanteIds = entityIds(
      (await get('/api/log-entries/export?entityType=bulk', 'user.levante@demo.aforo.dev')).body,
    );
    expect(levanteIds).toHaveLength(perCompany);
    expect(levanteIds.some((id) => id?.startsWith('norte-'))).toBe(false);
    const staffIds = entityIds(
      (await get('/api/log-entries/export?entityType=bulk', 'admin@demo.aforo.dev')).body,
    );
    expect(staffIds).toHaveLength(2 * perCompany);
  });

  it('writes the changes as JSON in one quoted cell', async () => {
    const res = await get(
      '/api/log-entries/export?entityType=bulk&entityId=norte-7',
      'user.norte@demo.aforo.dev',
    );
    const line = res.body.trimEnd().split('\r\n')[1]!;
    expect(line).toContain(',update,"{""name"":[""a"",""b, \\""c\\""""]}",');
  });
});
