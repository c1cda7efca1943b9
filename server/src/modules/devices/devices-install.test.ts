/**
 * The install wizard's configuration step (docs/WEB.md, docs/VALIDATION.md): the point's times and per-port parameters
 * saved with the install, audited, and sent to the device in its retained config (docs/DEVICE-PROTOCOL.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../../events/event-bus';
import { createIngestion, type Ingestion } from '../../ingestion/ingestion';
import { silentLog } from '../../test/ingest-harness';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let events: EventBus;
let ingestion: Ingestion;
let norte: string;
let levante: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
let admin: string;
/** What ingestion published to devices: topic → last payload. */
const published = new Map<string, string>();

beforeAll(async () => {
  events = createEventBus({ log: silentLog });
  server = await startTestServer({ events });
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
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
  catalogue = await buildCatalogue(server.database.db);
  admin = await server.login('admin@demo.aforo.dev');
});
afterAll(async () => {
  await ingestion?.close();
  await server?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(admin, { 'accept-language': 'en', 'x-current-company': norte }),
    ...(payload ? { payload } : {}),
  });

const inactiveDevice = () =>
  buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state: 'Inactive',
    companyId: norte,
  });

/** A valid configuration for the catalogue's one-port model (ai1, current 4-20 mA). */
const configuration = (overrides: object = {}, port: object = {}) => ({
  measureTime: 300,
  transmissionTime: 1800,
  measuresForAvg: 5,
  parameters: {
    ai1: {
      label: 'Nivel río',
      active: true,
      value_4mA: 0,
      value_20mA: 6,
      warning_upper: 4.5,
      alert_upper: 5.2,
      calculated_value_unit: 'm',
      ...port,
    },
  },
  ...overrides,
});

describe('install with the configuration step', () => {
  it('applies the configuration to the point with the install, audits it and sends it to the device', async () => {
    const device = await inactiveDevice();
    const point = await buildPoint(server.database.db, norte, { parameters: { ai1: { label: 'Viejo' } } });
    const res = await call('POST', `/api/devices/${device.id}/install`, {
      pointId: point.id,
      configuration: configuration(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('Active');

    const after = (await call('GET', `/api/points/${point.id}`)).json();
    expect(after).toMatchObject({ measureTime: 300, transmissionTime: 1800, measuresForAvg: 5 });
    expect(after.parameters.ai1).toMatchObject({
      label: 'Nivel río',
      value_4mA: 0,
      value_20mA: 6,
      warning_upper: 4.5,
      alert_upper: 5.2,
      operation_mode: 'level',
    });

    const log = (await call('GET', `/api/log-entries?entityType=point&entityId=${point.id}`)).json().rows;
    expect(log[0]).toMatchObject({ action: 'update' });
    expect(log[0].changes.measureTime).toEqual([900, 300]);

    await events.idle();
    const config = JSON.parse(
      published.get(`aforo/v1/${catalogue.product.code}/${device.serial}/config`) ?? '{}',
    ) as Record<string, unknown>;
    expect(config).toMatchObject({
      state: 'Active',
      point: point.id,
      measure_time: 300,
      transmission_time: 1800,
      measures_for_avg: 5,
      ports: { ai1: { warning_upper: 4.5, value_20mA: 6 } },
    });
  });

  it('refuses an invalid configuration with its fields (400) and changes nothing', async () => {
    const device = await inactiveDevice();
    const point = await buildPoint(server.database.db, norte);
    const cases: Array<[object, Record<string, string>]> = [
      [
        configuration({ measureTime: 3600, transmissionTime: 300 }),
        { 'configuration.transmissionTime': 'Transmission time must be greater than measure time' },
      ],
      [
        configuration({ measuresForAvg: 61 }),
        { 'configuration.measuresForAvg': 'Measures for average must be 60 or less' },
      ],
      [
        configuration({}, { value_4mA: 2, value_20mA: 2 }),
        { 'configuration.parameters.ai1.value_20mA': 'The 4 mA and 20 mA values must be different' },
      ],
      [
        configuration({}, { operation_mode: 'status pulse', state_zero: 'Cerrada' }),
        { 'configuration.parameters.ai1.state_one': 'This is a required field' },
      ],
      [configuration({ measureTime: 7 }), { 'configuration.measureTime': 'This is invalid' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', `/api/devices/${device.id}/install`, {
        pointId: point.id,
        configuration: body,
      });
      expect([res.statusCode, res.json().fields], JSON.stringify(body)).toEqual([400, fields]);
    }
    expect((await call('GET', `/api/devices/${device.id}`)).json().state).toBe('Inactive');
    expect((await call('GET', `/api/points/${point.id}`)).json()).toMatchObject({
      measureTime: 900,
      transmissionTime: 3600,
      parameters: {},
    });
  });

  it('refuses a port the device’s model does not have (400, the field named) and changes nothing', async () => {
    const device = await inactiveDevice();
    const point = await buildPoint(server.database.db, norte);
    const body = configuration();
    const res = await call('POST', `/api/devices/${device.id}/install`, {
      pointId: point.id,
      configuration: { ...body, parameters: { ...body.parameters, p9: { pulse_value: 0.2 } } },
    });
    expect([res.statusCode, res.json().code, res.json().fields]).toEqual([
      400,
      'V1000',
      { 'configuration.parameters.p9': 'This is invalid' },
    ]);
    expect((await call('GET', `/api/devices/${device.id}`)).json().state).toBe('Inactive');
    expect((await call('GET', `/api/points/${point.id}`)).json().measureTime).toBe(900);
  });

  it('answers 404 for another company’s point and leaves that point alone', async () => {
    const device = await inactiveDevice();
    const foreign = await buildPoint(server.database.db, levante);
    const res = await call('POST', `/api/devices/${device.id}/install`, {
      pointId: foreign.id,
      configuration: configuration(),
    });
    expect([res.statusCode, res.json().code]).toEqual([404, 'POM1000']);
    const levanteAdmin = await server.login('user.levante@demo.aforo.dev');
    const seen = await server.request({
      method: 'GET',
      url: `/api/points/${foreign.id}`,
      headers: bearer(levanteAdmin),
    });
    expect(seen.json()).toMatchObject({ measureTime: 900, parameters: {} });
  });
});
