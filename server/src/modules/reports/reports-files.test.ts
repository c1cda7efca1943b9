/**
 * The report downloads through the API (docs/REPORTS.md "Report files"): the monthly PDF parses and
 * prints the operation %, the XLSX opens with exceljs, the CSV parses with ';' and a decimal comma,
 * the level ZIP holds the daily CSV and the summary XLSX — all the figures of the JSON answer.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBufferPromise } from 'yauzl';
import { buildPoint, companyIdByName } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
let norte: string;
let token: string;
const pointName = 'Aforo de descargas';

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  norte = await companyIdByName(db, 'Canal del Norte S.A.');
  token = await server.login('chief@demo.aforo.dev');
  const point = await buildPoint(db, norte, {
    name: pointName,
    measureTime: 600,
    parameters: { ai1: { label: 'Nivel' } },
    createdAt: new Date('2026-09-01T00:00:00Z'),
  });
  // 7 equal values on 5 October make it intermittent, 10 on the 7th incorrect; the 6th correct
  for (const day of ['2026-10-05', '2026-10-06', '2026-10-07']) {
    const start = Date.parse(`${day}T00:00:00+02:00`);
    const ts = Array.from({ length: 144 }, (_, i) => (start + i * 600_000) / 1000);
    const run = day === '2026-10-05' ? 7 : day === '2026-10-07' ? 10 : 0;
    const values = ts.map((_, i) => (i >= 20 && i < 20 + run ? 3.25 : 1.5 + i * 0.001));
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${point.id}::uuid, v, v, v, 1
      from unnest(${sql.param(ts)}::float8[], ${sql.param(values)}::float8[]) as k(t, v)`);
  }
}, 120_000);
afterAll(() => server?.close());

const download = (url: string, lang = 'es') =>
  server.request({
    method: 'GET',
    url,
    headers: bearer(token, { 'accept-language': lang, 'x-current-company': norte }),
  });

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('monthly report files', () => {
  it('PDF: a real document with the company, the period, the formula and the operation %', async () => {
    const res = await download('/api/reports/monthly?month=2026-10&format=pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="informe-mensual-2026-10.pdf"');
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Canal del Norte S.A.');
    expect(text).toContain(pointName);
    expect(text).toContain('% de operación = (correctos + intermitentes)');
    // the JSON answer's figure, written with the decimal comma
    const json = (await download('/api/reports/monthly?month=2026-10')).json();
    const row = json.rows.find((r: { name: string }) => r.name === pointName);
    expect(row.counts).toMatchObject({ correct: 1, intermittent: 1, incorrect: 1, percent: 66.7 });
    expect(text).toContain('66,7');
    expect(text).not.toContain('66.7');
  });

  it('XLSX opens with exceljs; CSV parses with ";" and a decimal comma', async () => {
    const xlsx = await download('/api/reports/monthly?month=2026-10&format=xlsx', 'en');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('monthly-report-2026-10.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBeGreaterThanOrEqual(2);
    const csv = await download('/api/reports/monthly?month=2026-10&format=csv&separator=;&decimal=,');
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.rawPayload, { bom: true, delimiter: ';', columns: true }) as Array<
      Record<string, string>
    >;
    const fifth = rows.find(
      (r) => Object.values(r).includes(pointName) && Object.values(r).includes('2026-10-05'),
    )!;
    expect(Object.values(fifth)).toContain('intermittent');
    expect(Object.values(fifth)).toContain('1,5');
  });
});

describe('level summary ZIP', () => {
  it('two files in one download: the daily levels CSV and the summary XLSX', async () => {
    const res = await download('/api/reports/level?from=2026-01-01&to=2026-10-31&format=zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await fromBufferPromise(res.rawPayload, { lazyEntries: true });
    const files = new Map<string, Buffer>();
    for await (const entry of zip.eachEntry())
      files.set(entry.fileName, await read(await zip.openReadStreamPromise(entry)));
    const names = [...files.keys()];
    expect(names).toHaveLength(2);
    const csvName = names.find((n) => n.endsWith('.csv'))!;
    const xlsxName = names.find((n) => n.endsWith('.xlsx'))!;
    const rows = parse(files.get(csvName)!, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.some((r) => Object.values(r).includes(pointName))).toBe(true);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.get(xlsxName)! as unknown as ArrayBuffer);
    expect(book.worksheets.length).toBeGreaterThanOrEqual(1);
  });

  it('the quarterly PDF and the level PDF parse too', async () => {
    for (const url of [
      '/api/reports/quarterly?quarter=2026-Q4&format=pdf',
      '/api/reports/level?from=2026-10-01&to=2026-10-31&format=pdf',
    ]) {
      const res = await download(url, 'en');
      expect(res.statusCode, url).toBe(200);
      expect((await pdfText(res.rawPayload)).text).toContain('Canal del Norte S.A.');
    }
  });
});
