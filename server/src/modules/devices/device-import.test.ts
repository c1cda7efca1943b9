import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let chief: string;
beforeAll(async () => {
  server = await startTestServer();
  chief = await server.login('chief@demo.aforo.dev');
});
afterAll(() => server.close());

const upload = (csv: string, dryRun: boolean, token = chief) =>
  server.request({
    method: 'POST',
    url: '/api/devices/import',
    headers: bearer(token, { 'accept-language': 'en' }),
    payload: { csv, dryRun },
  });

const header = 'serial;model;product;firmware;network;company;sim;manufactured;location';
const good = [
  'IMP-001;PLS-C;PRS;;Movistar 4G;Canal del Norte S.A.;8934000000001;2025-06-01;Store',
  'IMP-002;VEGAPULS C 21;LVL;;;;;;',
];

describe('POST /api/devices/import', () => {
  it('reports every bad row with its reasons and imports nothing', async () => {
    const csv = [
      header,
      ...good,
      'IMP-003;Nonexistent;LVL;;;;;;',
      'IMP-001;ARC-1;RAIN;;;;;;',
      ';PLS-C;PRS;;Carrier pigeon;Acme;;;',
      'AFR-1001;PLS-C;PRS;;;;8934000000001;yesterday;',
    ].join('\n');
    const res = await upload(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ valid: false, imported: 0, total: 6 });
    const reasons = result.errors.map((e: { line: number; field: string }) => `${e.line}:${e.field}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        '4:model',
        '5:model',
        '5:serial',
        '6:serial',
        '6:network',
        '6:company',
        '7:serial',
        '7:sim',
        '7:manufactured',
      ]),
    );
    expect(result.errors.find((e: { line: number }) => e.line === 4).message).toBe(
      'The model was not found.',
    );
    expect(result.errors.some((e: { line: number }) => e.line === 2 || e.line === 3)).toBe(false);
    const list = (
      await server.request({
        method: 'GET',
        url: '/api/devices?search=IMP-&allCompanies=true',
        headers: bearer(chief),
      })
    ).json();
    expect(list.total).toBe(0);
  });

  it('checks on a dry run, then imports all rows: with a company Inactive there, without one in stock', async () => {
    const csv = [header, ...good].join('\r\n');
    expect((await upload(csv, true)).json()).toEqual({ valid: true, imported: 0, total: 2, errors: [] });
    expect((await upload(csv, false)).json()).toEqual({ valid: true, imported: 2, total: 2, errors: [] });
    const rows = (
      await server.request({
        method: 'GET',
        url: '/api/devices?search=IMP-&allCompanies=true&order=serial&dir=ASC',
        headers: bearer(chief),
      })
    ).json().rows;
    expect(
      rows.map((d: { serial: string; state: string; company: { name: string } | null }) => [
        d.serial,
        d.state,
        d.company?.name ?? null,
      ]),
    ).toEqual([
      ['IMP-001', 'Inactive', 'Canal del Norte S.A.'],
      ['IMP-002', 'Available', null],
    ]);
    const history = (
      await server.request({
        method: 'GET',
        url: `/api/log-entries?entityType=device&entityId=${rows[0].id}`,
        headers: bearer(chief),
      })
    ).json().rows;
    expect(history[0].action).toBe('import');
    // the same file again: every serial is now taken
    const again = (await upload(csv, true)).json();
    expect(again.errors.map((e: { field: string }) => e.field)).toEqual(['serial', 'sim', 'serial']);
  });

  it('numbers rows by their line in the file (blank lines and quoted line breaks counted), and reports an open quote', async () => {
    // a tenth field past the header is ignored; its quoted line break still counts as a line
    const csv = `${header}\r\n\r\nIMP-008;VEGAPULS C 21;LVL;;;;;;;"Nave 2\nestante 3"\nIMP-009;Nonexistent;LVL;;;;;;\n`;
    const result = (await upload(csv, true)).json();
    expect(result).toMatchObject({ valid: false, total: 2 });
    expect(result.errors.map((e: { line: number; field: string }) => `${e.line}:${e.field}`)).toEqual([
      '5:model',
    ]);
    const open = (await upload(`${header}\n${good[1]}\n"IMP-010;PLS-C;PRS;;;;;;\n`, true)).json();
    expect(open).toEqual({
      valid: false,
      imported: 0,
      total: 0,
      errors: [{ line: 3, serial: null, field: 'csv', message: 'This is invalid' }],
    });
  });

  it('answers 400 for a file without the required columns, and 403 to roles that do not operate devices', async () => {
    const res = await upload('name,colour\nx,y', true);
    expect([res.statusCode, Object.keys(res.json().fields)]).toEqual([400, ['csv']]);
    const viewer = await server.login('viewer@demo.aforo.dev');
    expect((await upload([header, ...good].join('\n'), true, viewer)).statusCode).toBe(403);
  });
});
