import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiverLevel } from '@aforo/contracts/river-level';
import { measures, seriesLatest } from '../../db/schema';
import { ensureMeasurePartitions } from '../../db/partitions';
import { callerContext, systemContext } from '../../core/request-context';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { createRiverLevelService, mainSeries } from './river-level.service';

let server: TestServer;
let norte: string;
let levante: string;
const tokens: Record<string, string> = {};
const emails = [
  'admin@demo.aforo.dev',
  'viewer@demo.aforo.dev',
  'user.norte@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
  'admin-cliente.levante@demo.aforo.dev',
];
const hour = 3_600_000;
const now = Math.floor(Date.now() / 60_000) * 60_000;
const ids = { river: '', stale: '', empty: '', deleted: '', foreign: '' };
let recordTs: Date;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  await ensureMeasurePartitions(db, new Date(now), 2, 2);
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  for (const email of emails) tokens[email] = await server.login(email);
  const catalogue = await buildCatalogue(db);
  const device = (pointId: string, state = 'Active') =>
    buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId: norte,
      state,
      measurementPointId: pointId,
    });
  const thresholds = {
    groundLevel: 5,
    invertLevel: 0,
    warningValue: 3,
    alertValue: 4,
    transmissionTime: 600,
  };
  const river = await buildPoint(db, norte, {
    ...thresholds,
    name: 'Río widget',
    parameters: { ai1: { label: 'Nivel' } },
  });
  ids.river = river.id;
  const riverDevice = await device(river.id);
  // 10 days hourly: values 1.0 … 1.9 cycling (typical range), one record 4.8, one failed spike 9
  const rows: (typeof measures.$inferInsert)[] = [];
  const at = (ts: number, v: number, flag = 1) =>
    rows.push({
      deviceId: riverDevice.id,
      port: 'ai1',
      ts: new Date(ts),
      pointId: river.id,
      direct: v,
      adjusted: v,
      interpreted: v,
      flag,
    });
  for (let h = 240; h >= 2; h--) at(now - h * hour, 1 + (h % 10) / 10);
  recordTs = new Date(now - 100 * hour + 60_000);
  at(recordTs.getTime(), 4.8);
  at(now - 50 * hour + 60_000, 9, 4);
  // the last hour rises 0.1 m every 10 minutes: 0.6 m/h
  for (let i = 0; i <= 6; i++) at(now - hour + i * 600_000, 2 + i * 0.1);
  // another port without parameters, measured later: not the main series
  rows.push({
    deviceId: riverDevice.id,
    port: 'ai9',
    ts: new Date(now),
    pointId: river.id,
    direct: 7,
    adjusted: 7,
    interpreted: 7,
    flag: 1,
  });
  await db.insert(measures).values(rows);
  await db.insert(seriesLatest).values([
    {
      pointId: river.id,
      port: 'ai1',
      deviceId: riverDevice.id,
      ts: new Date(now),
      interpreted: 2.6,
      flag: 1,
      alertLevel: 'WARNING',
    },
    {
      pointId: river.id,
      port: 'ai9',
      deviceId: riverDevice.id,
      ts: new Date(now),
      interpreted: 7,
      flag: 1,
      alertLevel: 'OK',
    },
  ]);

  const stale = await buildPoint(db, norte, { ...thresholds, name: 'Río parado' });
  ids.stale = stale.id;
  const staleDevice = await device(stale.id, 'Maintenance');
  const staleTs = new Date(now - 3 * hour);
  await db.insert(measures).values({
    deviceId: staleDevice.id,
    port: 'ai1',
    ts: staleTs,
    pointId: stale.id,
    direct: 3.5,
    adjusted: 3.5,
    interpreted: 3.5,
    flag: 3,
  });
  await db.insert(seriesLatest).values({
    pointId: stale.id,
    port: 'ai1',
    deviceId: staleDevice.id,
    ts: staleTs,
    interpreted: 3.5,
    flag: 3,
    alertLevel: 'NO_TRANSMISSION',
  });

  ids.empty = (
    await buildPoint(db, norte, {
      name: 'Río sin datos',
      parameters: { ai1: { calculated_value_unit: 'm³' } },
    })
  ).id;
  ids.deleted = (await buildPoint(db, norte, { name: 'Río borrado', deletedAt: new Date() })).id;
  ids.foreign = (await buildPoint(db, levante, { name: 'Río ajeno' })).id;
});
afterAll(() => server.close());

const call = (id: string, who = 'user.norte@demo.aforo.dev', company?: string) =>
  server.request({
    method: 'GET',
    url: `/api/points/${encodeURIComponent(id)}/river-level`,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': company ?? (who.includes('levante') ? levante : norte),
    }),
  });

describe('GET /api/points/{id}/river-level', () => {
  it('gives the level against the bands, the typical range, the record, the trend and the data state', async () => {
    const res = await call(ids.river);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RiverLevel>();
    expect(body).toMatchObject({
      pointId: ids.river,
      name: 'Río widget',
      kind: 'river',
      port: 'ai1',
      unit: 'm',
      current: { value: 2.6, ts: new Date(now).toISOString(), flag: 1 },
      groundLevel: 5,
      invertLevel: 0,
      warningValue: 3,
      alertValue: 4,
      record: { value: 4.8, ts: recordTs.toISOString() },
      level: 'WARNING',
      state: { stale: false, suspect: false, failed: false, maintenance: false },
      staleAfterSeconds: 1200,
    });
    // hourly means cycle 1.0 … 1.9 (plus the last hour's rise and the record): percentiles near the ends
    expect(body.typical!.low).toBeGreaterThanOrEqual(1);
    expect(body.typical!.low).toBeLessThanOrEqual(1.15);
    expect(body.typical!.high).toBeGreaterThanOrEqual(1.75);
    expect(body.typical!.high).toBeLessThanOrEqual(2.2);
    expect(body.trendPerHour).toBeCloseTo(0.6, 5);
  });

  it('marks stale, suspect and maintenance data, and a point without data', async () => {
    const stale = (await call(ids.stale)).json<RiverLevel>();
    expect(stale.state).toEqual({ stale: true, suspect: true, failed: false, maintenance: true });
    expect(stale).toMatchObject({ level: 'NO_TRANSMISSION', typical: null, trendPerHour: null });
    expect(stale.record?.value).toBe(3.5);
    const empty = (await call(ids.empty)).json<RiverLevel>();
    expect(empty).toMatchObject({
      port: 'ai1',
      unit: 'm³',
      current: null,
      typical: null,
      record: null,
      level: 'OK',
    });
    expect(empty.state.stale).toBe(true);
  });

  it('is 404 for another company’s, a deleted or an unknown point, 400 for a bad id', async () => {
    for (const id of [ids.foreign, ids.deleted, '00000000-0000-4000-8000-000000000009']) {
      const res = await call(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('POM1000');
    }
    expect((await call(ids.river, 'admin-cliente.levante@demo.aforo.dev')).statusCode).toBe(404);
    for (const bad of ['nope', "1' or '1'='1", '../../etc/passwd']) {
      expect((await call(bad)).statusCode, bad).toBe(400);
    }
  });

  it('is read by every role of the company (SPECTATOR included) and provider staff; never anonymously', async () => {
    for (const who of emails.filter((e) => !e.includes('levante'))) {
      expect((await call(ids.river, who)).statusCode, who).toBe(200);
    }
    const anonymous = await server.request({ method: 'GET', url: `/api/points/${ids.river}/river-level` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the widgets of the points a caller may see, through the same door for every kind, skipping dead ones', async () => {
    const service = createRiverLevelService(server.database);
    const wanted = [ids.stale, ids.deleted, ids.river];
    const system = systemContext('test', norte);
    expect((await service.list(system, wanted)).map((l) => l.pointId)).toEqual([ids.stale, ids.river]);
    const levanteToken = callerContext(
      { kind: 'apiToken', tokenId: 't', companyId: levante, layerIds: null },
      levante,
      'en',
    );
    expect(await service.list(levanteToken, wanted)).toEqual([]);
  });
});

describe('mainSeries', () => {
  const row = (port: string, ts: number) => ({
    point_id: 'p',
    port,
    ts: new Date(ts),
    interpreted: 1,
    flag: 1,
    alert_level: 'OK',
  });
  it('prefers the parameters’ order, then the latest measured', () => {
    expect(mainSeries(['ai2', 'ai1'], [row('ai1', 5), row('ai2', 1)])?.port).toBe('ai2');
    expect(mainSeries(['x'], [row('ai1', 1), row('ai3', 9)])?.port).toBe('ai3');
    expect(mainSeries([], [])).toBeUndefined();
  });
});
