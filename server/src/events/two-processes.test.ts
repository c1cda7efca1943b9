/**
 * The production topology of docs/OPERATIONS.md: the API and ingestion in separate processes on one
 * PostgreSQL database. A point edited through the API must reach the device connected to the other
 * process (its retained config). PGlite cannot be shared by two processes: PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { buildInstalledDevice, deviceSubscriber } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('api and ingest in two processes', () => {
  let database: Database;
  let world: Awaited<ReturnType<typeof buildInstalledDevice>>;
  let ingest: AforoProcess;
  let api: AforoProcess;
  let mqttPort: number;
  let apiUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    world = await buildInstalledDevice(database.db);
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      RATE_LIMIT_PER_MINUTE: '1000',
    };
    ingest = startAforoProcess('ingest', env);
    api = startAforoProcess('api', env);
    const broker = await ingest.waitForLog((l) => l.msg === 'embedded MQTT broker listening');
    mqttPort = broker.port as number;
    const listening = await api.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
    apiUrl = String(listening.msg).slice('Server listening at '.length);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), ingest?.stop()]);
    await database?.close();
  }, 30_000);

  it('publishes the new retained config when the point is edited on the api process', async () => {
    const { device, product } = world;
    const topic = `aforo/v1/${product.code}/${device.serial}/config`;
    const sub = await deviceSubscriber(mqttPort, device.serial, device.key, topic);
    try {
      expect(JSON.parse(await sub.nth(1))).toMatchObject({ ports: { ai1: { value_20mA: 10 } } });
      const login = await fetch(`${apiUrl}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@demo.aforo.dev', password: demoPassword }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const res = await fetch(`${apiUrl}/api/points/${world.point.id}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-current-company': world.company.id,
        },
        body: JSON.stringify({
          name: 'Río de prueba',
          latitude: 41.65,
          longitude: -0.88,
          kind: 'river',
          measureTime: 300,
          transmissionTime: 900,
          parameters: { ai1: { value_4mA: 0, value_20mA: 20 } },
        }),
      });
      expect(res.status).toBe(200);
      const changed = await sub.find((m) => m.measure_time === 300);
      expect(changed).toMatchObject({ transmission_time: 900, ports: { ai1: { value_20mA: 20 } } });
    } finally {
      await sub.close();
    }
  }, 30_000);
});
