/**
 * GET /api/measures/export as XLSX and CSV (issue 22 item 9): every XLSX is opened with exceljs and
 * its cells checked, every CSV read back with csv-parse; numbers to the point's resolution, times on
 * the company's clock, headers in the caller's language.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMeasurePartitions } from '../../db/partitions';
import { companies, measures } from '../../db/schema';
import { xlsxMimeType } from '../../lib/xlsx-writer';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let point: string;
let pointName: string;
let deviceSerial: string;
const tokens: Record<string, string> = {};
const norteUser = 'user.norte@demo.aforo.dev';
const emails = [
  norteUser,
  'viewer@demo.aforo.dev',
  'user.levante@demo.aforo.dev',
  'spectator.norte@demo.aforo.dev',
];
const bulk = 1100; // rows of ai2: more than one batch of 1000

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  await db.update(companies).set({ preferredTimezone: 'Europe/Madrid' }).where(eq(companies.id, norte));
  await ensureMeasurePartitions(db, new Date('2024-03-15T00:00:00Z'), 6, 6);
  const catalogue = await buildCatalogue(db);
  const built = await buildPoint(db, norte, { name: 'Río Gállego; aforo "2"' });
  point = built.id;
  pointName = built.name;
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    companyId: norte,
    measurementPointId: point,
    state: 'Active',
  });
  deviceSerial = device.serial;
  const base = { deviceId: device.id, pointId: point, flag: 1, topic: 'aforo/v1/LVL/x/up' };
  await db.insert(measures).values([
    // summer (UTC+2): the binary noise of a conversion, rounded to the thousandth on the way out
    {
      ...base,
      port: 'ai1',
      ts: new Date('2024-06-10T08:00:00Z'),
      receivedAt: new Date('2024-06-10T08:00:07Z'),
      direct: 12.345,
      adjusted: 4.199999999999999,
      interpreted: 1.1980000000000004,
    },
    // winter (UTC+1), a negative value and a suspect flag
    {
      ...base,
      port: 'ai1',
      ts: new Date('2024-01-15T23:30:00Z'),
      receivedAt: new Date('2024-01-15T23:30:01Z'),
      direct: 3.9,
      adjusted: 3.9,
      interpreted: -0.0625,
      flag: 3,
    },
  ]);
  const start = Date.parse('2024-06-11T00:00:00Z');
  const rows = Array.from({ length: bulk }, (_, i) => ({
    ...base,
    port: 'ai2',
    ts: new Date(start + i * 60_000),
    direct: i,
    adjusted: i,
    interpreted: i / 3,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(measures).values(rows.slice(i, i + 500));
  for (const email of emails) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const get = (url: string, who = norteUser, lang = 'es') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!, {
      'accept-language': lang,
      'x-current-company': who.includes('levante') ? levante : norte,
    }),
  });

const firstDays = 'from=2024-01-01T00:00:00Z&to=2024-06-10T23:59:59Z';
const url = (query: string) => `/api/measures/export?pointId=${point}&${query}`;

async function workbook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

describe('GET /api/measures/export?format=xlsx', () => {
  it('writes numeric cells to the resolution, dates on the company clock and Spanish headers', async () => {
    const res = await get(url(`${firstDays}&format=xlsx&port=ai1&dir=ASC`));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(xlsxMimeType);
    expect(res.headers['content-disposition']).toBe('attachment; filename="measures.xlsx"');
    const book = await workbook(res.rawPayload);
    const sheet = book.getWorksheet('Medidas')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha (Europe/Madrid)',
      'Hora epoch',
      'Equipo',
      'Punto de medición',
      'Puerto',
      'Directo',
      'Ajustado',
      'Interpretado',
      'Calidad',
      'Recibida (Europe/Madrid)',
      'Tema MQTT',
      'Id. del equipo',
      'Id. del punto',
    ]);
    const winter = sheet.getRow(2);
    // a date cell shows the wall clock: 00:30 of the 16th in Madrid (UTC+1)
    expect(winter.getCell(1).value).toEqual(new Date('2024-01-16T00:30:00Z'));
    expect(winter.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(winter.getCell(2).value).toBe(Date.parse('2024-01-15T23:30:00Z') / 1000);
    expect(winter.getCell(3).value).toBe(deviceSerial);
    expect(winter.getCell(4).value).toBe(pointName);
    expect(winter.getCell(8).value).toBe(-0.063);
    expect(winter.getCell(9).value).toBe(3);
    const summer = sheet.getRow(3);
    expect(summer.getCell(1).value).toEqual(new Date('2024-06-10T10:00:00Z'));
    expect(summer.getCell(6).value).toBe(12.345);
    expect(summer.getCell(7).value).toBe(4.2);
    expect(summer.getCell(8).value).toBe(1.198);
    expect(summer.getCell(8).numFmt).toBe('0.000');
    expect(summer.getCell(10).value).toEqual(new Date('2024-06-10T10:00:07Z'));
  });

  it('writes English headers for an English caller', async () => {
    const res = await get(url(`${firstDays}&format=xlsx&port=ai1`), norteUser, 'en');
    const sheet = (await workbook(res.rawPayload)).getWorksheet('Measures')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Date (Europe/Madrid)');
    expect(sheet.getRow(1).getCell(8).value).toBe('Interpreted');
    expect(typeof sheet.getRow(2).getCell(8).value).toBe('number');
  });

  it('streams more than one batch, each measure once and in order', async () => {
    const res = await get(url('from=2024-06-11T00:00:00Z&to=2024-06-12T00:00:00Z&format=xlsx&dir=ASC'));
    const sheet = (await workbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.rowCount).toBe(bulk + 1);
    const epochs = sheet.getColumn(2).values.slice(2) as number[];
    expect(epochs).toHaveLength(bulk);
    expect(epochs.every((e, i) => i === 0 || e - epochs[i - 1]! === 60)).toBe(true);
    expect(sheet.getRow(bulk + 1).getCell(8).value).toBe(366.333);
  });

  it('aggregates with a frequency: local bucket start, counts and rounded averages', async () => {
    const res = await get(
      url('from=2024-06-11T00:00:00Z&to=2024-06-11T02:00:00Z&format=xlsx&frequency=3600&dir=ASC'),
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="measures-3600s.xlsx"');
    const sheet = (await workbook(res.rawPayload)).getWorksheet('Medidas')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Inicio del intervalo (Europe/Madrid)');
    expect(sheet.getRow(1).getCell(8).value).toBe('Media');
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toEqual(new Date('2024-06-11T02:00:00Z'));
    expect(first.getCell(5).value).toBe(60);
    // the average of 0/3 … 59/3
    expect(first.getCell(8).value).toBe(9.833);
    expect(first.getCell(8).numFmt).toBe('0.000');
  });
});

describe('GET /api/measures/export as CSV', () => {
  it('writes `;` and the decimal comma, times with the local offset, read back by csv-parse', async () => {
    const res = await get(url(`${firstDays}&port=ai1&dir=ASC&separator=;&decimal=,`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="measures.csv"');
    const [header, ...rows] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
    expect(header!.slice(0, 9)).toEqual([
      'ts',
      'epoch',
      'device_serial',
      'point_name',
      'port',
      'direct',
      'adjusted',
      'interpreted',
      'flag',
    ]);
    expect(rows[0]!.slice(0, 9)).toEqual([
      '2024-01-16T00:30:00+01:00',
      '1705361400',
      deviceSerial,
      pointName,
      'ai1',
      '3,9',
      '3,9',
      '-0,063',
      '3',
    ]);
    expect(rows[1]!.slice(5, 10)).toEqual(['12,345', '4,2', '1,198', '1', '2024-06-10T10:00:07+02:00']);
  });

  it('keeps the point by default and quotes a decimal comma inside `,`-separated lines', async () => {
    const plain = parse((await get(url(`${firstDays}&port=ai1&dir=ASC`))).body, { bom: true }) as string[][];
    expect(plain[2]!.slice(5, 8)).toEqual(['12.345', '4.2', '1.198']);
    const mixed = await get(url(`${firstDays}&port=ai1&dir=ASC&decimal=,`));
    expect(mixed.body).toContain('"12,345","4,2","1,198"');
    expect((parse(mixed.body, { bom: true }) as string[][])[2]!.slice(5, 8)).toEqual([
      '12,345',
      '4,2',
      '1,198',
    ]);
  });
});

describe('GET /api/measures/export: refusals', () => {
  it('answers 400 naming a format or decimal mark it does not know', async () => {
    const res = await get(url(`${firstDays}&format=pdf&decimal=x`));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('V1000');
    expect(Object.keys(res.json().fields).sort()).toEqual(['decimal', 'format']);
  });

  it("answers 404 for another company's point and 403 to the spectator, as XLSX too", async () => {
    const other = await get(url(`${firstDays}&format=xlsx`), 'user.levante@demo.aforo.dev');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('POM1000');
    const spectator = await get(url(`${firstDays}&format=xlsx`), 'spectator.norte@demo.aforo.dev');
    expect(spectator.statusCode).toBe(403);
    const viewer = await get(url(`${firstDays}&format=xlsx&port=ai1`), 'viewer@demo.aforo.dev');
    expect(viewer.statusCode).toBe(200);
    expect((await workbook(viewer.rawPayload)).worksheets[0]!.rowCount).toBe(3);
  });
});
