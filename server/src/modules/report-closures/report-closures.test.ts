/**
 * The month close and agreed exclusions through the API (docs/REPORTS.md "Month close and revisions",
 * "Agreed exclusions and notes"): who may close, list and download; a closed month's report is its
 * frozen version; an exclusion agreed on a closed month makes the next revision, moves the operation
 * % by the expected amount and is in the history of changes with who did it; the client's admin
 * disputes it; tenancy.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonthClose } from '../../reporting/month-close';
import { buildCompany, buildPoint, buildUser, companyIdByName } from '../../test/factories';
import { bearer, demoPassword, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let other: string;
let pointId: string;
const tokens: Record<string, string> = {};
const chief = 'chief@demo.aforo.dev';
const viewer = 'viewer@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const clientUser = 'user.norte@demo.aforo.dev';
const month = '2026-09';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  other = (await buildCompany(db)).id;
  const otherAdmin = `other-admin-${randomUUID().slice(0, 8)}@test.aforo.dev`;
  await buildUser(db, {
    companyId: other,
    roles: ['ROLE_ADMIN_CLIENTE'],
    email: otherAdmin,
    password: demoPassword,
  });
  for (const email of [chief, viewer, clientAdmin, clientUser, otherAdmin])
    tokens[email] = await server.login(email);
  tokens.other = tokens[otherAdmin]!;
  pointId = (
    await buildPoint(db, norte, {
      name: 'Aforo del cierre',
      measureTime: 600,
      parameters: { ai1: {} },
      createdAt: new Date('2026-08-01T00:00:00Z'),
    })
  ).id;
  // September: 20 days transmitted (1–20), 10 silent; the point's % is 100 (silent days do not count)
  for (let d = 1; d <= 20; d += 1) {
    const start = Date.parse(`2026-09-${String(d).padStart(2, '0')}T00:00:00+02:00`);
    const ts = Array.from({ length: 144 }, (_, i) => (start + i * 600_000) / 1000);
    // 10 equal values make the 1st–4th incorrect: the point's % is 16 / 20 = 80
    const values = ts.map((_, i) => (d <= 4 && i >= 10 && i < 20 ? 1.5 : 1 + i * 0.001));
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${pointId}::uuid, v, v, v, 1
      from unnest(${sql.param(ts)}::float8[], ${sql.param(values)}::float8[]) as k(t, v)`);
  }
}, 120_000);
afterAll(() => server?.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
  company = norte,
) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'es', 'x-current-company': company }),
    ...(payload ? { payload } : {}),
  });

const rowOf = (report: { rows: Array<{ pointId: string; counts: { percent: number | null } }> }) =>
  report.rows.find((r) => r.pointId === pointId)!;

describe('closing a month', () => {
  let closureId: string;

  it('a viewer may not close; the chief closes; closing twice is RP1001; client roles get 403', async () => {
    expect((await call('POST', '/api/reports/closures', viewer, { month })).statusCode).toBe(403);
    expect((await call('POST', '/api/reports/closures', clientAdmin, { month })).statusCode).toBe(403);
    const res = await call('POST', '/api/reports/closures', chief, { month });
    expect(res.statusCode, res.body).toBe(201);
    const closure = res.json();
    closureId = closure.id;
    expect(closure).toMatchObject({ companyId: norte, month, revisions: [{ n: 1, reason: 'close' }] });
    expect(closure.revisions[0].pdf.sha256).toMatch(/^[0-9a-f]{64}$/);
    const twice = await call('POST', '/api/reports/closures', chief, { month });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'RP1001']);
    const current = await call('POST', '/api/reports/closures', chief, {
      month: new Date().toISOString().slice(0, 7),
    });
    expect([current.statusCode, current.json().code]).toEqual([409, 'RP1002']);
  });

  it('listed for provider staff; the closed report is the frozen one, labelled; downloads are the stored files', async () => {
    const list = await call('GET', `/api/reports/closures?month=${month}`, viewer);
    expect(list.json().rows.map((c: { id: string }) => c.id)).toEqual([closureId]);
    expect((await call('GET', '/api/reports/closures', clientAdmin)).statusCode).toBe(403);
    const report = (await call('GET', `/api/reports/monthly?month=${month}`, viewer)).json();
    expect(report.closure).toMatchObject({ closureId, revision: 1, closedBy: { name: expect.any(String) } });
    expect(rowOf(report).counts.percent).toBe(80);
    const pdf = await call('GET', `/api/reports/monthly?month=${month}&format=pdf`, viewer);
    const stored = await call('GET', `/api/reports/closures/${closureId}/revisions/1?format=pdf`, viewer);
    expect(Buffer.compare(pdf.rawPayload, stored.rawPayload)).toBe(0);
    const xlsx = await call('GET', `/api/reports/closures/${closureId}/revisions/1?format=xlsx`, viewer);
    expect(xlsx.headers['content-disposition']).toContain('-r1.xlsx');
    expect((await call('GET', `/api/reports/closures/${closureId}/revisions/9`, viewer)).json().code).toBe(
      'RP1003',
    );
  });

  it('an exclusion agreed on the closed month: revision 2, the % from 80 to 100, the history says who', async () => {
    const created = await call('POST', '/api/reports/exclusions', chief, {
      pointId,
      from: '2026-09-01',
      to: '2026-09-04',
      cause: 'flood',
      comment: 'Riada del 1 de septiembre',
      attachmentRef: 'Acta 2026/117',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', kind: 'exclusion', cause: 'flood' });
    // the operator compares at once instead of waiting for the job; a viewer may not
    expect((await call('POST', `/api/reports/closures/${closureId}/revise`, viewer)).statusCode).toBe(403);
    const revised = await call('POST', `/api/reports/closures/${closureId}/revise`, chief);
    expect(revised.json()).toMatchObject({
      revision: 2,
      closure: { revisions: [{ n: 1 }, { n: 2, reason: 'recomputed' }] },
    });
    expect(
      (await call('POST', `/api/reports/closures/${closureId}/revise`, chief)).json().revision,
    ).toBeNull();
    const revision = (await call('GET', `/api/reports/closures/${closureId}/revisions/2`, viewer)).json();
    expect(revision.changeList).toHaveLength(4);
    expect(revision.changeList[0]).toMatchObject({
      day: '2026-09-01',
      before: { class: 'incorrect', exclusion: null },
      after: { class: 'excluded', exclusion: 'agreed' },
      percentBefore: 80,
      percentAfter: 100,
    });
    const report = (await call('GET', `/api/reports/monthly?month=${month}`, viewer)).json();
    expect(report.closure.revision).toBe(2);
    expect(rowOf(report).counts).toMatchObject({ excluded: 4, incorrect: 0, percent: 100 });
    const history = await call(
      'GET',
      `/api/log-entries?page=1&length=10&entityType=report_exclusion&entityId=${created.json().id}`,
      chief,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().rows[0]).toMatchObject({ action: 'create' });
    expect(JSON.stringify(history.json().rows[0])).toContain('chief@demo.aforo.dev');
  });

  it("the client's admin sees it and disputes it: the days count again, revision 3; others may not", async () => {
    const list = await call('GET', '/api/reports/exclusions', clientAdmin);
    expect(list.statusCode).toBe(200);
    const [exclusion] = list.json().rows;
    expect((await call('GET', '/api/reports/exclusions', clientUser)).statusCode).toBe(403);
    expect((await call('GET', '/api/reports/exclusions', 'other', undefined, other)).json().rows).toEqual([]);
    const foreign = await call(
      'POST',
      `/api/reports/exclusions/${exclusion.id}/review`,
      'other',
      { decision: 'accepted' },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('POST', `/api/reports/exclusions/${exclusion.id}/review`, chief, { decision: 'accepted' }))
        .statusCode,
    ).toBe(403);
    const disputed = await call('POST', `/api/reports/exclusions/${exclusion.id}/review`, clientAdmin, {
      decision: 'disputed',
      comment: 'No hubo riada en el punto',
    });
    expect(disputed.json()).toMatchObject({ status: 'disputed', reviewComment: 'No hubo riada en el punto' });
    expect(await createMonthClose({ db: server.database.db }).reviseAll()).toEqual([{ closureId, n: 3 }]);
    const report = (await call('GET', `/api/reports/monthly?month=${month}`, viewer)).json();
    expect(rowOf(report).counts.percent).toBe(80);
    expect((await call('DELETE', `/api/reports/exclusions/${exclusion.id}`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/reports/exclusions/${exclusion.id}`, chief)).json().status).toBe(
      'withdrawn',
    );
    const late = await call('POST', `/api/reports/exclusions/${exclusion.id}/review`, clientAdmin, {
      decision: 'accepted',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'RP1006']);
  });

  it('another company current: the closure is 404; bad input 400', async () => {
    const bad = await call('POST', '/api/reports/exclusions', chief, {
      pointId,
      from: '2026-09-05',
      to: '2026-09-01',
      cause: 'flood',
    });
    expect(bad.statusCode).toBe(400);
    const long = await call('POST', '/api/reports/exclusions', chief, {
      pointId,
      from: '2025-01-01',
      to: '2026-09-01',
      cause: 'flood',
    });
    expect(long.json().code).toBe('RP1005');
    const foreignPoint = await call(
      'POST',
      '/api/reports/exclusions',
      chief,
      { pointId, from: '2026-09-01', to: '2026-09-01', cause: 'flood' },
      other,
    );
    expect(foreignPoint.statusCode).toBe(404);
  });
});
