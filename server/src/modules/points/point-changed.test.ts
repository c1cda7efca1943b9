/**
 * A point write through the API announces `point.changed` once it has committed (points.service.ts,
 * afterCommit): the device installed there gets its new retained config (docs/DEVICE-PROTOCOL.md) and
 * the alert engine's context cache forgets the old limits. A refused write announces nothing. Runs on
 * PGlite as well as PostgreSQL, with the listeners of the API's own process on its bus.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContextCache, type ContextCache } from '../../alerting/context-cache';
import { measurementPoints } from '../../db/schema';
import { createEventBus, type EventBus } from '../../events/event-bus';
import { createIngestion, type Ingestion } from '../../ingestion/ingestion';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { silentLog } from '../../test/ingest-harness';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let events: EventBus;
let ingestion: Ingestion;
let contexts: ContextCache;
let norte: string;
let levante: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const tokens: Record<string, string> = {};
/** What ingestion published to devices: topic → last payload. */
const published = new Map<string, string>();
/** Each point.changed heard, with the measure time a listener read from the database right then. */
const heard: Array<{ pointId: string; measureTime: number | undefined }> = [];

const editor = 'admin-cliente.norte@demo.aforo.dev';

beforeAll(async () => {
  events = createEventBus({ log: silentLog });
  server = await startTestServer({ events });
  const db = server.database.db;
  ingestion = createIngestion({
    database: server.database,
    log: silentLog,
    topicPrefix: 'aforo/v1',
    backfillDays: 90,
    events,
  });
  ingestion.addPublisher(async (topic, payload) => {
    published.set(topic, payload);
  });
  contexts = createContextCache({ events });
  events.on('point.changed', async ({ pointId }) => {
    const [row] = await db
      .select({ measureTime: measurementPoints.measureTime })
      .from(measurementPoints)
      .where(eq(measurementPoints.id, pointId));
    heard.push({ pointId, measureTime: row?.measureTime });
  });
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  catalogue = await buildCatalogue(db);
  for (const email of [editor, 'user.norte@demo.aforo.dev', 'admin-cliente.levante@demo.aforo.dev'])
    tokens[email] = await server.login(email);
});
afterAll(async () => {
  contexts?.close();
  await ingestion?.close();
  await server?.close();
});
beforeEach(async () => {
  await events.idle();
  heard.length = 0;
  published.clear();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, who = editor, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': 'en',
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
    ...(payload ? { payload } : {}),
  });

const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Punto ${randomBytes(4).toString('hex')}`,
  latitude: 41.65,
  longitude: -0.88,
  kind: 'river',
  measureTime: 900,
  transmissionTime: 3600,
  ...overrides,
});

/** A point of Canal del Norte with an active device of the one-port catalogue model installed. */
async function installedPoint() {
  const db = server.database.db;
  const point = await buildPoint(db, norte, { alertValue: 3, measureTime: 900, transmissionTime: 3600 });
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state: 'Active',
    companyId: norte,
    measurementPointId: point.id,
  });
  return { point, configTopic: ingestion.topics.of(catalogue.product.code, device.serial, 'config') };
}

const alertValueCached = async (pointId: string) =>
  (await contexts.get(server.database.db, [{ pointId, port: 'ai1' }])).get(`${pointId}|ai1`)?.point
    .alertValue;

describe('point.changed after a point write', () => {
  it('an update is announced after its commit: the device gets its new config, the engine its new limits', async () => {
    const { point, configTopic } = await installedPoint();
    // the engine has the old limits in memory (its cache would keep them 30 s without the event)
    expect(await alertValueCached(point.id)).toBe(3);

    const update = body({
      name: point.name,
      measureTime: 300,
      transmissionTime: 1800,
      alertValue: 5.5,
      parameters: {
        ai1: { label: 'Nivel río', active: true, value_4mA: 0, value_20mA: 6, alert_upper: 5.2 },
      },
    });
    const res = await call('PUT', `/api/points/${point.id}`, editor, update);
    expect(res.statusCode, res.body).toBe(200);
    await events.idle();

    // once, and a listener reading the point then already sees the committed value
    expect(heard).toEqual([{ pointId: point.id, measureTime: 300 }]);
    expect(JSON.parse(published.get(configTopic) ?? '{}')).toMatchObject({
      point: point.id,
      measure_time: 300,
      transmission_time: 1800,
      ports: { ai1: { label: 'Nivel río', alert_upper: 5.2 } },
    });
    expect(await alertValueCached(point.id)).toBe(5.5);
  });

  it('a refused update announces nothing and sends the device nothing', async () => {
    const { point, configTopic } = await installedPoint();
    const refused = [
      // invalid body: transmission time not after measure time
      [400, await call('PUT', `/api/points/${point.id}`, editor, body({ transmissionTime: 300 }))],
      // a port the installed model does not have
      [400, await call('PUT', `/api/points/${point.id}`, editor, body({ parameters: { ai9: {} } }))],
      // another company's point does not exist for its admin
      [404, await call('PUT', `/api/points/${point.id}`, 'admin-cliente.levante@demo.aforo.dev', body())],
      // a USER reads points but may not edit them
      [403, await call('PUT', `/api/points/${point.id}`, 'user.norte@demo.aforo.dev', body())],
    ] as const;
    for (const [status, res] of refused) expect(res.statusCode, res.body).toBe(status);
    await events.idle();
    expect(heard).toEqual([]);
    expect(published.has(configTopic)).toBe(false);
  });

  it('create, delete and restore are announced too, each after its commit', async () => {
    const created = await call('POST', '/api/points', editor, body({ measureTime: 1800 }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await events.idle();
    expect(heard).toEqual([{ pointId: id, measureTime: 1800 }]);

    expect((await call('DELETE', `/api/points/${id}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/points/${id}/restore`)).statusCode).toBe(200);
    await events.idle();
    expect(heard.map((h) => h.pointId)).toEqual([id, id, id]);
  });
});
