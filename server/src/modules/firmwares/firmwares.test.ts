import { describe, expect, it } from 'vitest';
import { demoFirmwares } from '../../demo/demo';
import { companyRoles, missingId, useCatalogueServer } from '../../test/catalogue-calls';

const { call, history, insertDevice } = useCatalogueServer();

interface FirmwareDto {
  id: string;
  version: string;
  model: { id: string; name: string };
}

async function modelId(name: string): Promise<string> {
  const list = (
    await call('GET', `/api/models?length=-1&search=${encodeURIComponent(name)}`, 'admin')
  ).json();
  return list.rows.find((m: { name: string }) => m.name === name).id;
}

async function firmwaresOf(model: string, order = 'version', dir = 'ASC'): Promise<FirmwareDto[]> {
  const url = `/api/firmwares?modelId=${await modelId(model)}&order=${order}&dir=${dir}&length=-1`;
  return (await call('GET', url, 'chief')).json().rows;
}

describe('firmwares', () => {
  it('lets CHIEF create, update and delete a firmware, with history', async () => {
    const [arc1, plsc] = [await modelId('ARC-1'), await modelId('PLS-C')];
    const created = await call('POST', '/api/firmwares', 'chief', {
      version: ' 6.0.0-beta.1 ',
      modelId: arc1,
    });
    expect(created.statusCode).toBe(201);
    const firmware = created.json();
    expect(firmware).toMatchObject({
      version: '6.0.0-beta.1',
      model: { id: arc1, name: 'ARC-1' },
      devices: 0,
    });
    expect((await call('GET', `/api/firmwares/${firmware.id}`, 'viewer')).json()).toEqual(firmware);

    const updated = await call('PUT', `/api/firmwares/${firmware.id}`, 'chief', {
      version: '6.0.0',
      modelId: plsc,
    });
    expect(updated.json()).toMatchObject({ version: '6.0.0', model: { id: plsc, name: 'PLS-C' } });
    expect((await call('DELETE', `/api/firmwares/${firmware.id}`, 'admin')).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/firmwares/${firmware.id}`, 'chief')).json().code).toBe('FM1001');

    const entries = await history('firmware', firmware.id);
    expect(entries.map((e) => [e.action, e.user.email])).toEqual([
      ['create', 'chief@demo.aforo.dev'],
      ['update', 'chief@demo.aforo.dev'],
      ['delete', 'admin@demo.aforo.dev'],
    ]);
    expect(entries[1]!.changes).toEqual({ modelId: [arc1, plsc], version: ['6.0.0-beta.1', '6.0.0'] });
  });

  it('refuses a version the model already has (FM1002), not one of another model', async () => {
    const dup = await call('POST', '/api/firmwares', 'chief', {
      version: '2.4.0',
      modelId: await modelId('PLS-C'),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'FM1002', message: 'A firmware with this version already exists.' });
    const other = await call('POST', '/api/firmwares', 'chief', {
      version: '2.4.0',
      modelId: await modelId('ARC-1'),
    });
    expect(other.statusCode).toBe(201);
    const clash = await call('PUT', `/api/firmwares/${other.json().id}`, 'chief', {
      version: '2.4.0',
      modelId: await modelId('PLS-C'),
    });
    expect([clash.statusCode, clash.json().code]).toEqual([409, 'FM1002']);
  });

  it('answers 400 on fields.modelId for an unknown model, and on a bad version', async () => {
    const unknown = await call('POST', '/api/firmwares', 'chief', { version: '1.0.0', modelId: missingId });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'V1000', fields: { modelId: 'This is invalid' } });
    const bad = await call('POST', '/api/firmwares', 'chief', { version: 'v1', modelId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['modelId', 'version']);
    const missing = await call('POST', '/api/firmwares', 'chief', {});
    expect(missing.json().fields).toEqual({
      version: 'This is a required field',
      modelId: 'This is a required field',
    });
  });

  it('refuses to delete a firmware that devices run (FM1005)', async () => {
    const [firmware] = await firmwaresOf('ULS-200');
    const before = (await call('GET', `/api/firmwares/${firmware!.id}`, 'chief')).json().devices;
    await insertDevice({ firmwareId: firmware!.id });
    expect((await call('GET', `/api/firmwares/${firmware!.id}`, 'chief')).json().devices).toBe(before + 1);
    const res = await call('DELETE', `/api/firmwares/${firmware!.id}`, 'chief');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'FM1005',
      message: 'The firmware cannot be deleted because it is used by devices.',
    });
  });

  it('answers FM1001 for an unknown firmware on every call', async () => {
    const body = { version: '1.0.0', modelId: await modelId('ARC-1') };
    for (const [method, payload] of [['GET'], ['PUT', body], ['DELETE']] as const) {
      const res = await call(method, `/api/firmwares/${missingId}`, 'chief', payload);
      expect([res.statusCode, res.json().code]).toEqual([404, 'FM1001']);
    }
  });

  it('lets VIEWER read but not write; company roles neither', async () => {
    const [firmware] = await firmwaresOf('SlimLogCom');
    const body = { version: '9.9.9', modelId: firmware!.model.id };
    expect((await call('GET', `/api/firmwares/${firmware!.id}`, 'viewer')).statusCode).toBe(200);
    expect((await call('POST', '/api/firmwares', 'viewer', body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/firmwares/${firmware!.id}`, 'viewer', body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/firmwares/${firmware!.id}`, 'viewer')).json().code).toBe('F1000');
    for (const who of companyRoles) {
      expect((await call('GET', '/api/firmwares', who)).statusCode).toBe(403);
      expect((await call('GET', `/api/firmwares/${firmware!.id}`, who)).statusCode).toBe(403);
      expect((await call('POST', '/api/firmwares', who, body)).statusCode).toBe(403);
    }
  });

  it('filters by model, sorts versions by their numbers, searches and pages', async () => {
    const slim = await firmwaresOf('SlimLogCom');
    expect(slim.map((f) => f.version)).toEqual(['4.8.2', '4.10.0']);
    expect(slim.every((f) => f.model.name === 'SlimLogCom')).toBe(true);
    expect((await firmwaresOf('SlimLogCom', 'version', 'DESC')).map((f) => f.version)).toEqual([
      '4.10.0',
      '4.8.2',
    ]);
    expect((await firmwaresOf('ULS-200')).map((f) => f.version)).toEqual(['1.0.0', '1.1.0-rc1']);

    const all = (await call('GET', '/api/firmwares?order=created_at&dir=ASC&length=-1', 'viewer')).json();
    expect(all.total).toBeGreaterThanOrEqual(demoFirmwares.length);
    const page = (
      await call('GET', '/api/firmwares?order=created_at&dir=ASC&page=3&length=2', 'viewer')
    ).json();
    expect([page.total, page.rows]).toEqual([all.total, all.rows.slice(4, 6)]);

    const byModel = (await call('GET', '/api/firmwares?search=vegapuls', 'viewer')).json();
    expect(byModel.rows.map((f: FirmwareDto) => f.version).sort()).toEqual(['1.2.0', '1.3.2']);
    expect((await call('GET', '/api/firmwares?search=4.10', 'viewer')).json().total).toBe(1);
  });
});
