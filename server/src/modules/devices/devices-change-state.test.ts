/** POST /api/devices/{id}/change-state: ADMIN's corrections along the transition table (docs/DEVICES.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceStates } from '@aforo/contracts/device-states';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let catalogue: Awaited<ReturnType<typeof buildCatalogue>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  catalogue = await buildCatalogue(server.database.db);
  for (const email of [
    'admin@demo.aforo.dev',
    'chief@demo.aforo.dev',
    'viewer@demo.aforo.dev',
    'admin-cliente.norte@demo.aforo.dev',
    'user.levante@demo.aforo.dev',
  ])
    tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const changeState = (id: string, body: object, who = 'admin@demo.aforo.dev') =>
  server.request({
    method: 'POST',
    url: `/api/devices/${id}/change-state`,
    headers: bearer(tokens[who]!, { 'accept-language': 'en' }),
    payload: body,
  });

/** A device in `state` with the company a device in that state has; a point only when asked. */
async function deviceIn(state: string, options: { point?: boolean; companyId?: string | null } = {}) {
  const inStock = ['Unconfigured', 'Available'].includes(state);
  return buildDevice(server.database.db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    state,
    companyId: options.companyId !== undefined ? options.companyId : inStock ? null : norte,
    measurementPointId: options.point ? (await buildPoint(server.database.db, norte)).id : null,
  });
}

// docs/DEVICES.md written out: the states a device in each state may be corrected to
const targets: Record<string, string[]> = {
  Unconfigured: ['Available'],
  Available: ['Inactive'],
  Inactive: ['Active', 'Maintenance', 'Decommissioned'],
  Active: ['Inactive', 'Maintenance', 'Not Operational'],
  Maintenance: ['Repaired'],
  'Not Operational': ['Inactive', 'Maintenance'],
  Repaired: ['Active', 'Inactive'],
  Decommissioned: [],
};
/** States installed devices are in: they hold a point. */
const atPoint = ['Active', 'Maintenance', 'Not Operational', 'Repaired'];

describe('change state: every state to every state', () => {
  for (const from of deviceStates) {
    for (const to of deviceStates) {
      const allowed = targets[from]!.includes(to);
      it(`${from} → ${to}: ${allowed ? 'moved' : 'refused'}`, async () => {
        // fit for the target: a company for Inactive, a point for Active (tested apart below)
        const device = await deviceIn(from, {
          point: atPoint.includes(from) || (to === 'Active' && from === 'Inactive'),
          companyId: from === 'Available' ? norte : undefined,
        });
        const res = await changeState(device.id, { state: to, reason: 'Corrección de inventario' });
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().state).toBe(to);
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().code).toBe(from === 'Decommissioned' ? 'EQ1019' : 'EQ1010');
        }
      });
    }
  }
});

describe('change state', () => {
  it('records the change with its reason and who made it, and moves nothing else', async () => {
    const device = await deviceIn('Active', { point: true });
    const res = await changeState(device.id, { state: 'Not Operational', reason: 'Sin señal desde ayer' });
    expect(res.json()).toMatchObject({
      state: 'Not Operational',
      measurementPoint: { id: device.measurementPointId },
      company: { id: norte },
      location: device.location,
    });
    const history = (
      await server.request({
        method: 'GET',
        url: `/api/devices/${device.id}/state-history`,
        headers: bearer(tokens['admin@demo.aforo.dev']!),
      })
    ).json().rows;
    expect(history[0]).toMatchObject({
      from: 'Active',
      to: 'Not Operational',
      reason: 'Sin señal desde ayer',
      by: { email: 'admin@demo.aforo.dev' },
      point: { id: device.measurementPointId },
    });
    const log = (
      await server.request({
        method: 'GET',
        url: `/api/log-entries?entityType=device&entityId=${device.id}`,
        headers: bearer(tokens['admin@demo.aforo.dev']!),
      })
    ).json().rows;
    expect(log[0]).toMatchObject({ action: 'change-state' });
  });

  it('refuses targets the device is not fit for', async () => {
    const noPoint = await deviceIn('Inactive');
    const active = await changeState(noPoint.id, { state: 'Active', reason: 'x' });
    expect([active.statusCode, active.json().code]).toEqual([409, 'EQ1022']);
    const noCompany = await deviceIn('Available');
    const inactive = await changeState(noCompany.id, { state: 'Inactive', reason: 'x' });
    expect([inactive.statusCode, inactive.json().code]).toEqual([409, 'EQ1023']);
    const turnedOff = await deviceIn('Inactive', { point: true });
    const decommission = await changeState(turnedOff.id, { state: 'Decommissioned', reason: 'x' });
    expect([decommission.statusCode, decommission.json().code]).toEqual([409, 'EQ1008']);
    const unreviewed = await buildDevice(server.database.db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      state: 'Unconfigured',
    });
    const { devices } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await server.database.db.update(devices).set({ modelId: null }).where(eq(devices.id, unreviewed.id));
    const available = await changeState(unreviewed.id, { state: 'Available', reason: 'x' });
    expect([available.statusCode, available.json().code]).toEqual([409, 'EQ1002']);
  });

  it('needs a reason (400, the field named) and a state', async () => {
    const device = await deviceIn('Maintenance', { point: true });
    const blank = await changeState(device.id, { state: 'Repaired', reason: '  ' });
    // only spaces: docs/VALIDATION.md's "blank or invalid" (a missing reason would be "required")
    expect([blank.statusCode, blank.json().fields]).toEqual([400, { reason: 'This is blank or invalid' }]);
    const missing = await changeState(device.id, { reason: 'x' });
    expect([missing.statusCode, Object.keys(missing.json().fields)]).toEqual([400, ['state']]);
  });
});

describe('change state: roles and tenancy', () => {
  it('is ADMIN only: CHIEF, VIEWER and client users get 403 for a device they see', async () => {
    const device = await deviceIn('Maintenance', { point: true });
    for (const who of [
      'chief@demo.aforo.dev',
      'viewer@demo.aforo.dev',
      'admin-cliente.norte@demo.aforo.dev',
    ]) {
      const res = await changeState(device.id, { state: 'Repaired', reason: 'x' }, who);
      expect([res.statusCode, res.json().code], who).toEqual([403, 'F1000']);
    }
  });

  it('answers 404 to a client user for another company’s device', async () => {
    const device = await deviceIn('Maintenance', { point: true });
    const res = await changeState(
      device.id,
      { state: 'Repaired', reason: 'x' },
      'user.levante@demo.aforo.dev',
    );
    expect([res.statusCode, res.json().code]).toEqual([404, 'EQ1000']);
  });
});
