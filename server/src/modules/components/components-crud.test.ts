/** Components: registering, reading, editing and deleting, with their values checked against the type. */
import { describe, expect, it } from 'vitest';
import {
  call,
  codeOf,
  createComponent,
  createType,
  history,
  missingId,
  typeId,
  useComponentsServer,
  type Component,
} from './components.fixtures';

useComponentsServer();

describe('components: register and edit', () => {
  it('creates, reads, updates and deletes an inactive component, with history', async () => {
    const created = await call('POST', '/api/components', 'chief', {
      typeId,
      serial: 'CMP-001',
      values: { range_m: 5, calibrated: '2026-01-15', notes: '', sealed: true },
    });
    expect(created.statusCode).toBe(201);
    const component = created.json<Component>();
    expect(component).toMatchObject({
      serial: 'CMP-001',
      state: 'Inactive',
      values: { range_m: 5, calibrated: '2026-01-15', sealed: true },
      type: { id: typeId, enabled: true },
      device: null,
      point: null,
    });
    expect((await call('GET', `/api/components/${component.id}`, 'viewer')).json()).toEqual(component);

    const updated = await call('PUT', `/api/components/${component.id}`, 'admin', {
      typeId,
      serial: 'CMP-001',
      values: { range_m: 7.5 },
    });
    expect([updated.statusCode, updated.json().values]).toEqual([200, { range_m: 7.5 }]);
    expect((await call('DELETE', `/api/components/${component.id}`)).json()).toEqual({ ok: true });
    expect(await codeOf(call('GET', `/api/components/${component.id}`))).toEqual([404, 'SET1002']);

    const entries = await history(component.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]!.changes).toEqual({
      values: [{ range_m: 5, calibrated: '2026-01-15', sealed: true }, { range_m: 7.5 }],
    });
    expect(entries.every((e) => e.companyId === null)).toBe(true);
  });

  it('validates values against the dynamic fields of the type (400 V1000, values.<key>)', async () => {
    const res = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: 'CMP-BAD',
      values: { calibrated: 'yesterday', notes: 3, sealed: 'yes', colour: 'red' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'V1000',
      fields: {
        'values.range_m': 'This is a required field',
        'values.calibrated': 'This is invalid',
        'values.notes': 'This is invalid',
        'values.sealed': 'This is invalid',
        'values.colour': 'This is invalid',
      },
    });
    const wrongNumber = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: 'CMP-BAD',
      values: { range_m: '10' },
    });
    expect(wrongNumber.json().fields).toEqual({ 'values.range_m': 'This must be a number' });
    const unknownType = await call('POST', '/api/components', 'admin', { typeId: missingId, serial: 'X' });
    expect([unknownType.statusCode, unknownType.json().fields]).toEqual([400, { typeId: 'This is invalid' }]);
    const blank = await call('POST', '/api/components', 'admin', { typeId, serial: ' ' });
    expect(blank.json().fields).toEqual({ serial: 'This is blank or invalid' });
  });

  it('refuses a serial already registered for the type (SEQ1001); another type may reuse it', async () => {
    const first = await createComponent();
    const dup = await call('POST', '/api/components', 'admin', {
      typeId,
      serial: first.serial.toLowerCase(),
      values: { range_m: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'SEQ1001', message: 'The serial number is already registered.' });
    const other = await createType();
    const reuse = await call('POST', '/api/components', 'admin', {
      typeId: other.id,
      serial: first.serial,
      values: { range_m: 1 },
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('answers SET1002 for an unknown component on every call', async () => {
    const calls = [
      ['GET', ''],
      ['PUT', '', { typeId, serial: 'X', values: { range_m: 1 } }],
      ['DELETE', ''],
      ['POST', '/install', { pointId: missingId }],
      ['POST', '/uninstall'],
      ['POST', '/decommission'],
      ['POST', '/reincorporate'],
    ] as const;
    for (const [method, suffix, payload] of calls) {
      expect(await codeOf(call(method, `/api/components/${missingId}${suffix}`, 'admin', payload))).toEqual([
        404,
        'SET1002',
      ]);
    }
  });
});
