/**
 * GET /api/points/:id/series/export (issue 22 item 9): the chart's rows as the server writes them —
 * the XLSX opened with exceljs, the CSV read with csv-parse — matching GET /api/points/:id/series.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointSeries } from '@aforo/contracts/point-series';
import { companies, measures } from '../../db/schema';
import { xlsxMimeType } from '../../lib/xlsx-writer';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let levante: string;
let pointId: string;
const tokens: Record<string, string> = {};
const norteUser = 'user.norte@demo.aforo.dev';
const emails = [norteUser, 'admin-cliente.levante@demo.aforo.dev', 'spectator.norte@demo.aforo.dev'];

const minute = 60_000;
const start = Date.parse('2026-01-10T00:00:00Z');
// 1.198 carries binary noise once the conversion has run (1.1980000000000004)
const valueAt = (i: number) => 1.1 + 0.098 * (i % 2) + 0.0000000000000004 * (i % 2);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  levante = await companyIdByName(db, 'Aguas de Levante S.L.');
  await db.update(companies).set({ preferredTimezone: 'Europe/Madrid' }).where(eq(companies.id, norte));
  for (const email of emails) tokens[email] = await server.login(email);
  const catalogue = await buildCatalogue(db);
  const point = await buildPoint(db, norte, { name: 'Río Gállego (Ontinar)', measureTime: 60, unit: 'm' });
  pointId = point.id;
  const device = await buildDevice(db, {
    modelId: catalogue.model.id,
    productId: catalogue.product.id,
    companyId: norte,
    state: 'Active',
    measurementPointId: point.id,
  });
  const rows = Array.from({ length: 2 * 1440 }, (_, i) => ({
    deviceId: device.id,
    port: 'ai1',
    ts: new Date(start + i * minute),
    pointId: point.id,
    direct: valueAt(i),
    adjusted: valueAt(i),
    interpreted: valueAt(i),
    flag: i === 5 ? 3 : 1,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(measures).values(rows.slice(i, i + 1000));
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

const range = (fromMin: number, toMin: number) =>
  `port=ai1&from=${new Date(start + fromMin * minute).toISOString()}&to=${new Date(start + toMin * minute).toISOString()}`;

async function sheetOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('GET /api/points/:id/series/export', () => {
  it('writes raw measures as XLSX: local date cells, values to the thousandth, Spanish headers', async () => {
    const res = await get(`/api/points/${pointId}/series/export?${range(0, 10)}&format=xlsx`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(xlsxMimeType);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Rio-Gallego-Ontinar_ai1_2026-01-10_2026-01-10.xlsx"',
    );
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('Río Gállego (Ontinar)');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha (Europe/Madrid)',
      'Valor (m)',
      'Mín. (m)',
      'Máx. (m)',
      'Medidas',
      'Calidad',
    ]);
    // the series' range is [from, to): minutes 0 to 9, one row each under the header
    expect(sheet.rowCount).toBe(11);
    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toEqual(new Date('2026-01-10T01:01:00Z'));
    expect(second.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(second.getCell(2).value).toBe(1.198);
    expect(second.getCell(2).numFmt).toBe('0.000');
    expect(second.getCell(5).value).toBe(1);
    expect(sheet.getRow(7).getCell(6).value).toBe(3);
  });

  it('writes the same buckets as the chart when it downsamples, in English, as CSV with `;` and `,`', async () => {
    const query = `${range(0, 2 * 1440)}&buckets=24`;
    const series = (await get(`/api/points/${pointId}/series?${query}`)).json() as PointSeries;
    expect(series.raw).toBe(false);
    const res = await get(
      `/api/points/${pointId}/series/export?${query}&separator=;&decimal=,`,
      norteUser,
      'en',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parse(res.body, { delimiter: ';', bom: true }) as string[][];
    expect(header).toEqual(['ts', 'value', 'min', 'max', 'count', 'flag']);
    const shown = series.points.filter((p) => p.count > 0);
    expect(rows).toHaveLength(shown.length);
    expect(rows[0]).toEqual(['2026-01-10T01:00:00+01:00', '1,149', '1,1', '1,198', '120', '3']);
    // the chart's average 1.1490000000000002 is written to the thousandth
    expect(shown[0]!.value).not.toBe(1.149);
    const english = await sheetOf(
      (await get(`/api/points/${pointId}/series/export?${query}&format=xlsx`, norteUser, 'en')).rawPayload,
    );
    expect(english.getRow(1).getCell(1).value).toBe('Time (Europe/Madrid)');
    expect(english.getRow(2).getCell(2).value).toBe(1.149);
  });

  it("refuses bad queries (400), another company's point (404) and the spectator (403)", async () => {
    const bad = await get(`/api/points/${pointId}/series/export?${range(0, 10)}&format=ods&separator=|`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['format', 'separator']);
    const reversed = await get(`/api/points/${pointId}/series/export?${range(10, 0)}`);
    expect(reversed.json().code).toBe('ME1001');
    const other = await get(
      `/api/points/${pointId}/series/export?${range(0, 10)}&format=xlsx`,
      'admin-cliente.levante@demo.aforo.dev',
    );
    expect(other.statusCode).toBe(404);
    const spectator = await get(
      `/api/points/${pointId}/series/export?${range(0, 10)}`,
      'spectator.norte@demo.aforo.dev',
    );
    expect(spectator.statusCode).toBe(403);
  });
});
