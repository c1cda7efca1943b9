import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, logEntries } from '../../db/schema';
import { buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let pointA: string;
let pointB: string;
let pointLevante: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'chief@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'admin-cliente.norte@demo.aforo.dev',
  'chief-cliente.norte@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'user.levante@demo.aforo.dev',
  'admin-cliente.levante@demo.aforo.dev',
];
const operator = 'chief-cliente.norte@demo.aforo.dev';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  pointA = (await buildPoint(db, norte, { name: 'Río A' })).id;
  pointB = (await buildPoint(db, norte, { name: 'Río B' })).id;
  pointLevante = (await buildPoint(db, levante, { name: 'Río Levante' })).id;
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

/** The same alerts before each test: every state, two companies. */
let ids: Record<string, string>;
beforeEach(async () => {
  const db = server.database.db;
  await db.delete(alerts);
  const base = { port: 'ai1', count: 1, openedValue: 4.2, lastValue: 4.2 };
  const rows = await db
    .insert(alerts)
    .values([
      {
        ...base,
        companyId: norte,
        pointId: pointA,
        type: 'DANGER',
        level: 'DANGER',
        openedAt: at('2026-11-20T10:00:00Z'),
        lastAt: at('2026-11-20T10:00:00Z'),
      },
      {
        ...base,
        companyId: norte,
        pointId: pointA,
        type: 'WARNING',
        level: 'WARNING',
        openedAt: at('2026-11-20T09:00:00Z'),
        lastAt: at('2026-11-20T09:00:00Z'),
        acknowledgedAt: at('2026-11-20T09:30:00Z'),
      },
      {
        ...base,
        companyId: norte,
        pointId: pointB,
        type: 'FLAT',
        level: 'OUT_OF_RANGE',
        openedAt: at('2026-11-19T09:00:00Z'),
        lastAt: at('2026-11-19T09:00:00Z'),
        clearedAt: at('2026-11-19T12:00:00Z'),
        clearedValue: 1,
      },
      {
        ...base,
        companyId: norte,
        pointId: pointB,
        type: 'JUMP',
        level: 'OUT_OF_RANGE',
        openedAt: at('2026-11-18T09:00:00Z'),
        lastAt: at('2026-11-18T09:00:00Z'),
        clearedAt: at('2026-11-18T12:00:00Z'),
        acknowledgedAt: at('2026-11-18T13:00:00Z'),
      },
      {
        ...base,
        companyId: levante,
        pointId: pointLevante,
        type: 'DANGER',
        level: 'DANGER',
        openedAt: at('2026-11-20T10:00:00Z'),
        lastAt: at('2026-11-20T10:00:00Z'),
      },
    ])
    .returning({ id: alerts.id, type: alerts.type, companyId: alerts.companyId });
  ids = Object.fromEntries(rows.map((r) => [r.companyId === levante ? 'levante' : r.type, r.id]));
});

const headers = (who: string) =>
  bearer(tokens[who]!, {
    'accept-language': 'en',
    'x-current-company': who.includes('levante') ? levante : norte,
  });
const get = (url: string, who = 'user.norte@demo.aforo.dev') =>
  server.request({ method: 'GET', url, headers: headers(who) });
const post = (url: string, payload: object, who = operator) =>
  server.request({ method: 'POST', url, headers: headers(who), payload });
const types = (body: { rows: { type: string }[] }) => body.rows.map((r) => r.type);
const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('GET /api/alerts', () => {
  it("lists the company's alerts newest first with their state, group, level and colour", async () => {
    const res = await get('/api/alerts');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(4);
    expect(types(res.json())).toEqual(['DANGER', 'WARNING', 'FLAT', 'JUMP']);
    expect(res.json().rows[0]).toMatchObject({
      pointId: pointA,
      pointName: 'Río A',
      group: 'DANGER',
      level: 'DANGER',
      colour: '#FF0000',
      state: 'open',
      active: true,
      shelved: false,
    });
    expect(res.json().rows.map((r: { state: string }) => r.state)).toEqual([
      'open',
      'acknowledged',
      'cleared_unacknowledged',
      'cleared',
    ]);
  });

  it('filters by state, level, type, group, point and date, and orders by level', async () => {
    const q = async (query: string) => types((await get(`/api/alerts?${query}`)).json());
    expect(await q('state=active')).toEqual(['DANGER', 'WARNING']);
    expect(await q('state=unacknowledged')).toEqual(['DANGER', 'FLAT']);
    expect(await q('state=cleared_unacknowledged')).toEqual(['FLAT']);
    expect(await q('level=OUT_OF_RANGE')).toEqual(['FLAT', 'JUMP']);
    expect(await q('type=WARNING')).toEqual(['WARNING']);
    expect(await q('group=INVALID_DATA')).toEqual(['FLAT', 'JUMP']);
    expect(await q(`pointId=${pointB}`)).toEqual(['FLAT', 'JUMP']);
    expect(await q('from=2026-11-19T00:00:00Z&to=2026-11-20T09:30:00Z')).toEqual(['WARNING', 'FLAT']);
    expect(await q('order=level&dir=ASC')).toEqual(['JUMP', 'FLAT', 'WARNING', 'DANGER']);
    expect((await get('/api/alerts?level=OK')).statusCode).toBe(400);
    expect((await get('/api/alerts?state=all')).json()).toMatchObject({ code: 'V1000' });
    expect((await get('/api/alerts?type=SOMETHING')).statusCode).toBe(400);
    expect((await get('/api/alerts?length=-1')).statusCode).toBe(400);
  });

  it('is tenant-safe: another company sees only its own, and 404 for the rest', async () => {
    const levanteList = (await get('/api/alerts', 'user.levante@demo.aforo.dev')).json();
    expect(levanteList.rows.map((r: { id: string }) => r.id)).toEqual([ids.levante]);
    const foreign = await get(`/api/alerts/${ids.DANGER}`, 'user.levante@demo.aforo.dev');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('AL1000');
    const ack = await post(
      `/api/alerts/${ids.DANGER}/acknowledge`,
      {},
      'admin-cliente.levante@demo.aforo.dev',
    );
    expect(ack.statusCode).toBe(404);
    const bulk = await post(
      '/api/alerts/acknowledge',
      { ids: [ids.DANGER, ids.levante] },
      'admin-cliente.levante@demo.aforo.dev',
    );
    expect(bulk.json()).toEqual({ changed: 1, skipped: 1 });
    const [norteDanger] = await server.database.db.select().from(alerts).where(eq(alerts.id, ids.DANGER!));
    expect(norteDanger!.acknowledgedAt).toBeNull();
  });

  it('lets every monitoring role read; the spectator may not', async () => {
    for (const who of emails
      .filter((e) => e.includes('norte') && !e.startsWith('spectator'))
      .concat(['admin@demo.aforo.dev', 'chief@demo.aforo.dev', 'viewer@demo.aforo.dev'])) {
      expect((await get(`/api/alerts/${ids.DANGER}`, who)).statusCode, who).toBe(200);
    }
    expect((await get('/api/alerts', 'spectator.norte@demo.aforo.dev')).statusCode).toBe(403);
  });
});

describe('acknowledge and shelve', () => {
  it('operators acknowledge with a comment, once; viewers and users may not', async () => {
    for (const who of [
      'viewer@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
      'spectator.norte@demo.aforo.dev',
    ]) {
      expect((await post(`/api/alerts/${ids.DANGER}/acknowledge`, {}, who)).statusCode, who).toBe(403);
    }
    const res = await post(`/api/alerts/${ids.DANGER}/acknowledge`, {
      comment: 'Crecida prevista, brigada avisada',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'acknowledged',
      acknowledgeComment: 'Crecida prevista, brigada avisada',
    });
    expect(res.json().acknowledgedBy.name).not.toBe('');
    const again = await post(`/api/alerts/${ids.DANGER}/acknowledge`, {}, 'admin@demo.aforo.dev');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AL1001',
      message: 'The alert has already been acknowledged.',
    });
    // a cleared, unacknowledged alert is acknowledged into "cleared"
    const flat = await post(`/api/alerts/${ids.FLAT}/acknowledge`, {}, 'admin-cliente.norte@demo.aforo.dev');
    expect(flat.json().state).toBe('cleared');
    const history = await server.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.entityType, 'alert'), eq(logEntries.entityId, ids.DANGER!)));
    expect(history.map((h) => [h.action, h.changes])).toEqual([
      [
        'acknowledge',
        { state: ['open', 'acknowledged'], acknowledgeComment: [null, 'Crecida prevista, brigada avisada'] },
      ],
    ]);
  });

  it('shelves an active alert until a future time with a reason, and unshelves it', async () => {
    const res = await post(`/api/alerts/${ids.DANGER}/shelve`, {
      until: future(4),
      reason: 'Obras en el cauce',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shelved: true, shelveReason: 'Obras en el cauce', state: 'open' });
    expect(
      (await post(`/api/alerts/${ids.FLAT}/shelve`, { until: future(4), reason: 'x' })).json().code,
    ).toBe('AL1003');
    expect(
      (await post(`/api/alerts/${ids.DANGER}/shelve`, { until: future(-1), reason: 'x' })).json().code,
    ).toBe('AL1002');
    expect(
      (await post(`/api/alerts/${ids.DANGER}/shelve`, { until: future(31 * 24), reason: 'x' })).json().code,
    ).toBe('AL1002');
    const blank = await post(`/api/alerts/${ids.DANGER}/shelve`, { until: future(4), reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('reason');
    const bad = await post(`/api/alerts/${ids.DANGER}/shelve`, { until: 'tomorrow', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('until');
    const off = await post(`/api/alerts/${ids.DANGER}/unshelve`, {});
    expect(off.json()).toMatchObject({ shelved: false, shelvedUntil: null, shelveReason: null });
    expect(
      (
        await post(
          `/api/alerts/${ids.DANGER}/shelve`,
          { until: future(1), reason: 'x' },
          'user.norte@demo.aforo.dev',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('acknowledges and shelves in bulk, skipping what does not apply', async () => {
    const ack = await post('/api/alerts/acknowledge', {
      ids: [ids.DANGER, ids.WARNING, ids.FLAT],
      comment: 'Revisado',
    });
    expect(ack.json()).toEqual({ changed: 2, skipped: 1 });
    const shelve = await post('/api/alerts/shelve', {
      ids: [ids.DANGER, ids.WARNING, ids.JUMP],
      until: future(2),
      reason: 'Mantenimiento',
    });
    expect(shelve.json()).toEqual({ changed: 2, skipped: 1 });
    expect((await post('/api/alerts/acknowledge', { ids: [] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => ids.DANGER);
    expect((await post('/api/alerts/acknowledge', { ids: tooMany })).statusCode).toBe(400);
  });
});
