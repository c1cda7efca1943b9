/**
 * Delivery of closed months through the API (docs/REPORTS.md "Delivery"): closing with recipients
 * mails them (the module wires the close to delivery), GET …/deliveries shows each mail's status per
 * revision and recipient, the error only to who may read it; the schedule is read by provider staff
 * and set by ADMIN and CHIEF; client roles never reach either (the supervision group); tenancy.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logEntries, mailOutbox, reportDeliveries, users } from '../../db/schema';
import { buildCompany, buildPoint, buildUser, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let other: string;
let outsider: string;
let pointId: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const admin = 'admin@demo.aforo.dev';
const chief = 'chief@demo.aforo.dev';
const viewer = 'viewer@demo.aforo.dev';
const clientAdmin = 'admin-cliente.norte@demo.aforo.dev';
const clientUser = 'user.norte@demo.aforo.dev';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  other = (await buildCompany(db)).id;
  outsider = (await buildUser(db, { companyId: other, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
  // silent all August: an exclusion agreed later changes its days
  const createdAt = new Date('2026-07-01T00:00:00Z');
  pointId = (await buildPoint(db, norte, { measureTime: 600, parameters: { ai1: {} }, createdAt })).id;
  const people = [admin, chief, viewer, clientAdmin, clientUser];
  for (const email of people) tokens[email] = await server.login(email);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, people));
  for (const r of rows) ids[r.email] = r.id;
  await db.update(users).set({ language: 'es' }).where(eq(users.id, ids[clientAdmin]!));
  await db.update(users).set({ language: 'en' }).where(eq(users.id, ids[viewer]!));
}, 120_000);
afterAll(() => server?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'es', 'x-current-company': norte }),
    ...(payload ? { payload } : {}),
  });

describe('deliveries of a closed month', () => {
  let closureId: string;

  it('closing with two recipients queues their mails; provider staff read the status per recipient', async () => {
    const closed = await call('POST', '/api/reports/closures', chief, {
      month: '2026-08',
      recipientIds: [ids[clientAdmin], ids[viewer]],
    });
    expect(closed.statusCode, closed.body).toBe(201);
    closureId = closed.json().id;
    const res = await call('GET', `/api/reports/closures/${closureId}/deliveries`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().rows;
    expect(rows).toHaveLength(2);
    const byEmail = new Map(rows.map((r: { recipient: { email: string } }) => [r.recipient.email, r]));
    expect(byEmail.get(clientAdmin)).toMatchObject({
      revision: 1,
      recipient: { id: ids[clientAdmin] },
      language: 'es',
      files: 'attached',
      status: 'outbox',
      attempts: 0,
      error: null,
      sentAt: null,
    });
    expect(byEmail.get(viewer)).toMatchObject({ language: 'en', status: 'outbox' });
    const mails = await server.database.db
      .select({ subject: mailOutbox.subject })
      .from(reportDeliveries)
      .innerJoin(mailOutbox, eq(mailOutbox.id, reportDeliveries.mailId))
      .where(eq(reportDeliveries.closureId, closureId));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Informe mensual de Canal del Norte S.A., agosto de 2026: mes cerrado',
      'Monthly report of Canal del Norte S.A., August 2026: month closed',
    ]);
  });

  it('a failed mail shows its error only to notifications.manage or outbox.read holders', async () => {
    const [delivery] = await server.database.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.recipientId, ids[viewer]!));
    await server.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, error: '550 mailbox unavailable', nextAttemptAt: null })
      .where(eq(mailOutbox.id, delivery!.mailId));
    const seen = async (who: string) =>
      (await call('GET', `/api/reports/closures/${closureId}/deliveries`, who))
        .json()
        .rows.find((r: { recipient: { email: string } }) => r.recipient.email === viewer);
    expect(await seen(admin)).toMatchObject({
      status: 'failed',
      attempts: 8,
      error: '550 mailbox unavailable',
    });
    expect(await seen(chief)).toMatchObject({ status: 'failed', attempts: 8, error: null });
    expect((await seen(viewer)).error).toBeNull();
  });

  it('a revision made from the API mails the recipients again', async () => {
    const excluded = await call('POST', '/api/reports/exclusions', chief, {
      pointId,
      from: '2026-08-01',
      to: '2026-08-02',
      cause: 'flood',
    });
    expect(excluded.statusCode, excluded.body).toBe(201);
    expect((await call('POST', `/api/reports/closures/${closureId}/revise`, chief)).json().revision).toBe(2);
    const rows = (await call('GET', `/api/reports/closures/${closureId}/deliveries`, viewer)).json().rows;
    expect(rows.map((r: { revision: number }) => r.revision)).toEqual([1, 1, 2, 2]);
  });

  it('client roles get 403; an unknown closure 404 RP1000', async () => {
    for (const who of [clientAdmin, clientUser])
      expect((await call('GET', `/api/reports/closures/${closureId}/deliveries`, who)).statusCode).toBe(403);
    const unknown = await call('GET', `/api/reports/closures/${randomUUID()}/deliveries`, viewer);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'RP1000']);
    expect((await call('GET', '/api/reports/closures/not-an-id/deliveries', viewer)).statusCode).toBe(400);
  });
});

describe('the delivery schedule', () => {
  const body = () => ({ enabled: true, day: 3, recipientIds: [ids[clientAdmin], ids[chief]] });

  it('not set reads as disabled; a viewer reads but may not write; client roles get 403', async () => {
    const res = await call('GET', '/api/reports/schedule', viewer);
    expect(res.json()).toEqual({
      companyId: norte,
      enabled: false,
      day: 1,
      recipientIds: [],
      updatedBy: null,
      updatedAt: null,
    });
    expect((await call('PUT', '/api/reports/schedule', viewer, body())).statusCode).toBe(403);
    for (const who of [clientAdmin, clientUser]) {
      expect((await call('GET', '/api/reports/schedule', who)).statusCode).toBe(403);
      expect((await call('PUT', '/api/reports/schedule', who, body())).statusCode).toBe(403);
    }
  });

  it('the chief sets it, in their name; the history of the company records it', async () => {
    const res = await call('PUT', '/api/reports/schedule', chief, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      companyId: norte,
      enabled: true,
      day: 3,
      updatedBy: { id: ids[chief] },
    });
    expect(res.json().recipientIds.sort()).toEqual([ids[clientAdmin], ids[chief]].sort());
    expect((await call('GET', '/api/reports/schedule', viewer)).json()).toEqual(res.json());
    const again = await call('PUT', '/api/reports/schedule', admin, { ...body(), enabled: false, day: 28 });
    expect(again.json()).toMatchObject({ enabled: false, day: 28, updatedBy: { id: ids[admin] } });
    const history = await server.database.db.select().from(logEntries).where(eq(logEntries.entityId, norte));
    const changes = history.map((h) => h.changes as Record<string, unknown>);
    expect(changes).toContainEqual({ reportScheduleDay: [3, 28], reportScheduleEnabled: [true, false] });
  });

  it('bad input: a day outside 1–28 is 400; a recipient of another company RP1007', async () => {
    expect((await call('PUT', '/api/reports/schedule', chief, { ...body(), day: 29 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/reports/schedule', chief, { ...body(), day: 0 })).statusCode).toBe(400);
    const foreign = await call('PUT', '/api/reports/schedule', chief, {
      ...body(),
      recipientIds: [outsider],
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'RP1007']);
  });

  it("provider staff name another company's schedule; an unknown company is 404", async () => {
    const set = await call('PUT', '/api/reports/schedule', chief, {
      companyId: other,
      enabled: true,
      day: 10,
      recipientIds: [outsider],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', `/api/reports/schedule?companyId=${other}`, viewer)).json()).toMatchObject({
      companyId: other,
      day: 10,
      recipientIds: [outsider],
    });
    // Norte's own stays as it was
    expect((await call('GET', '/api/reports/schedule', viewer)).json().day).toBe(28);
    const unknown = await call('GET', `/api/reports/schedule?companyId=${randomUUID()}`, viewer);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'CO1000']);
  });
});
