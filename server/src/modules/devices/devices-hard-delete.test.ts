/**
 * Hard delete never orphans measures (docs/DEVICES.md "no point, no measures"): refused with EQ1011 while
 * any measure of the device is stored, also against an ingestion batch committing meanwhile.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDeviceExclusively } from '../../db/device-lock';
import { devices, failedMeasures, measures } from '../../db/schema';
import { createIngestion, type Ingestion } from '../../ingestion/ingestion';
import { silentLog } from '../../test/ingest-harness';
import { buildCatalogue, buildDevice } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let ingestion: Ingestion;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  ingestion = createIngestion({
    database: server.database,
    log: silentLog,
    topicPrefix: 'aforo/v1',
    backfillDays: 90,
  });
  catalogue = await buildCatalogue(server.database.db);
  admin = await server.login('admin@demo.aforo.dev');
});
afterAll(async () => {
  await ingestion?.close();
  await server?.close();
});

const hardDelete = (id: string) =>
  server.request({
    method: 'DELETE',
    url: `/api/devices/${id}/hard`,
    headers: bearer(admin, { 'accept-language': 'en' }),
  });

/** A device in stock (no company, no point): the kind a hard delete is for. */
const stockDevice = () =>
  buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state: 'Available',
  });

let nextT = Math.floor(Date.now() / 1000) - 7200;
/** One measure through the real pipeline and batch writer, as a device without a point reports. */
const report = (serial: string) =>
  ingestion.up({
    topic: null,
    serial,
    topicProduct: null,
    receivedAt: new Date(),
    payload: Buffer.from(
      JSON.stringify({
        v: 1,
        product: catalogue.product.code,
        model: catalogue.model.name,
        serial,
        measures: [{ port: 'ai1', t: (nextT += 60), v: 12 }],
      }),
    ),
  });

async function measuresOf(deviceId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(measures)
    .where(eq(measures.deviceId, deviceId));
  return row?.n ?? 0;
}

async function deviceExists(id: string): Promise<boolean> {
  const rows = await server.database.db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
  return rows.length === 1;
}

describe('DELETE /api/devices/{id}/hard and measures', () => {
  it('refuses a device with stored measures (409 EQ1011): device and measures stay', async () => {
    const device = await stockDevice();
    expect(await report(device.serial)).toMatchObject({ accepted: 1 });
    const res = await hardDelete(device.id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'EQ1011']);
    expect(res.json().message).toMatch(/measures/);
    expect(await deviceExists(device.id)).toBe(true);
    expect(await measuresOf(device.id)).toBe(1);
  });

  it('deletes a device that never reported', async () => {
    const device = await stockDevice();
    const res = await hardDelete(device.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await deviceExists(device.id)).toBe(false);
  });

  // two connections at once: PostgreSQL only (PGlite has one, the second statement would wait forever)
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

  it.runIf(onPostgres)('waits for a batch still writing measures of the device, then refuses', async () => {
    const device = await stockDevice();
    const { lockDevices, insertMeasures } = await import('../../ingestion/telemetry.repository');
    let answered = false;
    let pending: Promise<Awaited<ReturnType<typeof hardDelete>>> | undefined;
    // a batch as the writer runs it: lock its devices, insert, and hold the transaction open a while
    await server.database.db.transaction(async (txAny) => {
      const tx = txAny as unknown as typeof server.database.db;
      expect(await lockDevices(tx, [device.id])).toEqual(new Set([device.id]));
      await insertMeasures(tx, [
        {
          deviceId: device.id,
          port: 'ai1',
          epoch: (nextT += 60),
          pointId: null,
          direct: 12,
          adjusted: 12,
          interpreted: null,
          flag: 1,
          topic: null,
          index: 0,
        },
      ]);
      pending = hardDelete(device.id).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
    });
    const res = await pending!;
    expect([res.statusCode, res.json().code]).toEqual([409, 'EQ1011']);
    expect(await measuresOf(device.id)).toBe(1);
  });

  it.runIf(onPostgres)(
    'a batch for a device deleted meanwhile refuses its message instead of orphaning it',
    async () => {
      const device = await stockDevice();
      // the directory now holds the device, as it would while the device transmits
      await ingestion.directory.get(device.serial);
      let ack: Promise<Awaited<ReturnType<typeof report>>> | undefined;
      await server.database.db.transaction(async (tx) => {
        // what the hard delete does (devices.repository lock): the device's exclusive lock, then the delete
        await lockDeviceExclusively(tx as unknown as typeof server.database.db, device.id);
        await tx.delete(devices).where(eq(devices.id, device.id));
        ack = report(device.serial);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expect(await ack!).toMatchObject({ accepted: 0, error: 'invalid payload' });
      expect(await measuresOf(device.id)).toBe(0);
      const failed = await server.database.db
        .select({ detail: failedMeasures.detail })
        .from(failedMeasures)
        .where(eq(failedMeasures.serial, device.serial));
      expect(failed.map((f) => f.detail)).toEqual([`device ${device.serial} was deleted`]);
    },
  );
});
