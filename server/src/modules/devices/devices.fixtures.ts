/**
 * Shared setup of devices.test.ts, devices-life-cycle.test.ts and devices-tenancy.test.ts: a test
 * server per file with the demo users signed in, a catalogue, and devices built in any state. The
 * exported `let` bindings are live: useDevicesServer()'s beforeAll sets them.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { callAs, type Method } from '../../test/call-as';
import { startTestServer, type TestServer } from '../../test/test-server';

export let server: TestServer;
export let norte: string;
export let levante: string;
export let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
export let pointNorte: string;
const tokens: Record<string, string> = {};

/** Registers the file's beforeAll and afterAll. */
export function useDevicesServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
    levante = await companyIdByName(server.database.db, 'Aguas de Levante S.L.');
    catalogue = await buildCatalogue(server.database.db);
    pointNorte = (await buildPoint(server.database.db, norte)).id;
    for (const email of [
      'admin@demo.aforo.dev',
      'chief@demo.aforo.dev',
      'viewer@demo.aforo.dev',
      'admin-cliente.norte@demo.aforo.dev',
      'user.norte@demo.aforo.dev',
      'user.levante@demo.aforo.dev',
    ]) {
      tokens[email] = await server.login(email);
    }
  });
  afterAll(() => server.close());
}

export const call = (
  method: Method,
  url: string,
  who = 'admin@demo.aforo.dev',
  payload?: object,
  company?: string,
) => callAs(server, tokens[who]!, method, url, payload, company);

/** A device in `state`, with the company and point a device in that state would have. */
export async function deviceIn(state: string) {
  const atPoint = ['Active', 'Not Operational', 'Maintenance', 'Repaired'].includes(state);
  const inStock = ['Unconfigured', 'Available'].includes(state);
  return buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state,
    companyId: inStock ? null : norte,
    // each device at its own point: a point holds one device
    measurementPointId: atPoint ? (await buildPoint(server.database.db, norte)).id : null,
  });
}
