/** Issue 9 item 10: the device directory's cache is bounded, and an unknown serial is forgotten soon. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { devices } from '../db/schema';
import { buildCatalogue, buildDevice } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { createDeviceDirectory } from './device-directory';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

describe('device directory cache', () => {
  it('many unknown serials (logins or messages) never grow it beyond its maximum', async () => {
    const directory = createDeviceDirectory(database.db, { maxEntries: 50 });
    for (let i = 0; i < 400; i++) {
      expect(await directory.get(`UNKNOWN-${i}`)).toBeNull();
      if (i % 4 === 0) expect(await directory.authenticate(`NOBODY-${i}`, 'some-key')).toBeNull();
      expect(await directory.productExists(`NO-PRODUCT-${i}`)).toBe(false);
    }
    // 50 devices and a tenth of that for catalogue codes
    expect(directory.cacheSize()).toBeLessThanOrEqual(55);
  });

  it('forgets an unknown serial after a short time, so a device registered since is found', async () => {
    let clock = 1_000_000;
    const directory = createDeviceDirectory(database.db, {
      now: () => clock,
      ttlMs: 10_000,
      missTtlMs: 1_000,
    });
    const { model, product } = await buildCatalogue(database.db);
    const serial = `LATE-${Date.now()}`;
    expect(await directory.get(serial)).toBeNull();
    const device = await buildDevice(database.db, { modelId: model.id, productId: product.id });
    await database.db.update(devices).set({ serial }).where(eq(devices.id, device.id));
    clock += 500;
    expect(await directory.get(serial)).toBeNull(); // the miss is still cached
    clock += 600;
    expect((await directory.get(serial))?.id).toBe(device.id);
    // a known device stays cached for the full TTL
    clock += 9_000;
    expect(directory.cacheSize()).toBe(1);
    expect((await directory.get(serial))?.id).toBe(device.id);
  });
});
