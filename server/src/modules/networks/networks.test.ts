import { describe, expect, it } from 'vitest';
import { demoNetworks } from '../../demo/demo';
import { companyRoles, missingId, useCatalogueServer, type Who } from '../../test/catalogue-calls';

const { call, history, insertDevice } = useCatalogueServer();

async function networkByName(name: string) {
  const list = (
    await call('GET', `/api/networks?length=-1&search=${encodeURIComponent(name)}`, 'admin')
  ).json();
  return list.rows.find((n: { name: string }) => n.name === name);
}

describe('networks', () => {
  it('lets ADMIN create, read, update and delete, with a history entry for each change', async () => {
    const created = await call('POST', '/api/networks', 'admin', { name: ' Iridium ', type: 'Satellite' });
    expect(created.statusCode).toBe(201);
    const network = created.json();
    expect(network).toMatchObject({ name: 'Iridium', type: 'Satellite', devices: 0 });
    expect((await call('GET', `/api/networks/${network.id}`, 'chief')).json()).toEqual(network);

    const updated = await call('PUT', `/api/networks/${network.id}`, 'admin', {
      name: 'Iridium SBD',
      type: 'Satellite',
    });
    expect(updated.json().name).toBe('Iridium SBD');
    expect((await call('DELETE', `/api/networks/${network.id}`, 'admin')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/networks/${network.id}`, 'admin')).json().code).toBe('NE1000');

    const entries = await history('network', network.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]!.changes).toEqual({ name: [null, 'Iridium'], type: [null, 'Satellite'] });
    expect(entries[1]!.changes).toEqual({ name: ['Iridium', 'Iridium SBD'] });
    expect(entries[2]!.changes).toEqual({ name: ['Iridium SBD', null], type: ['Satellite', null] });
  });

  it('refuses a duplicate name in any case with NE1001', async () => {
    const dup = await call('POST', '/api/networks', 'admin', { name: 'movistar 4g', type: '4G' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'NE1001', message: 'A network with this name already exists.' });
    const orange = await networkByName('Orange LTE-M');
    const clash = await call('PUT', `/api/networks/${orange.id}`, 'admin', {
      name: 'TTN LoRaWAN',
      type: 'LTE-M',
    });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'NE1001']);
    const retype = await call('PUT', `/api/networks/${orange.id}`, 'admin', {
      name: 'Orange LTE-M',
      type: '4G',
    });
    expect([retype.statusCode, retype.json().type]).toEqual([200, '4G']);
  });

  it('refuses to delete a network that devices use (NE1002)', async () => {
    const vodafone = await networkByName('Vodafone NB-IoT');
    await insertDevice({ networkId: vodafone.id });
    expect((await call('GET', `/api/networks/${vodafone.id}`, 'admin')).json().devices).toBe(1);
    const res = await call('DELETE', `/api/networks/${vodafone.id}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'NE1002',
      message: 'The network cannot be deleted because it has devices.',
    });
  });

  it('answers NE1000 for an unknown network on every call', async () => {
    for (const [method, payload] of [['GET'], ['PUT', { name: 'X', type: '4G' }], ['DELETE']] as const) {
      const res = await call(method, `/api/networks/${missingId}`, 'admin', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NE1000']);
    }
  });

  it('answers 400 with field messages for a blank name and an unknown type', async () => {
    const res = await call('POST', '/api/networks', 'admin', { name: '', type: '5G' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'V1000',
      fields: { name: 'This is a required field', type: 'This is invalid' },
    });
  });

  it('lets CHIEF and VIEWER read but not write; company roles neither', async () => {
    const ttn = await networkByName('TTN LoRaWAN');
    const body = { name: 'TTN LoRaWAN', type: 'LoRaWAN' };
    for (const who of ['chief', 'viewer'] as Who[]) {
      expect((await call('GET', '/api/networks', who)).statusCode).toBe(200);
      expect((await call('GET', `/api/networks/${ttn.id}`, who)).json().type).toBe('LoRaWAN');
      expect(
        (await call('POST', '/api/networks', who, { name: 'Sigfox ES', type: 'Sigfox' })).statusCode,
      ).toBe(403);
      expect((await call('PUT', `/api/networks/${ttn.id}`, who, body)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/networks/${ttn.id}`, who)).json().code).toBe('F1000');
    }
    for (const who of companyRoles) {
      expect((await call('GET', '/api/networks', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/networks/${ttn.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', '/api/networks', who, body)).statusCode).toBe(403);
    }
  });

  it('searches the name, sorts by name or type and pages', async () => {
    const byName = (await call('GET', '/api/networks?order=name&dir=ASC&length=-1', 'viewer')).json();
    expect(byName.total).toBeGreaterThanOrEqual(demoNetworks.length);
    const names: string[] = byName.rows.map((n: { name: string }) => n.name);
    expect(names.indexOf('Movistar 4G')).toBeLessThan(names.indexOf('Vodafone NB-IoT'));

    const byType = (await call('GET', '/api/networks?order=type&dir=DESC&length=-1', 'viewer')).json();
    const types: string[] = byType.rows.map((n: { type: string }) => n.type);
    expect(types.indexOf('NB-IoT')).toBeLessThan(types.indexOf('LoRaWAN'));

    const page = (await call('GET', '/api/networks?order=name&dir=ASC&page=2&length=2', 'viewer')).json();
    expect(page.rows).toEqual(byName.rows.slice(2, 4));
    const found = (await call('GET', '/api/networks?search=lora', 'viewer')).json();
    expect(found.rows.map((n: { name: string }) => n.name)).toEqual(['TTN LoRaWAN']);
  });
});
