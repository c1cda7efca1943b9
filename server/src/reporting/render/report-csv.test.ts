/**
 * The report CSVs read back with csv-parse: machine headers and codes, one line per point-day (per
 * point for the quarter), the chosen separator and decimal mark, a byte-order mark.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dayCsvHeader, levelReportCsv, monthlyReportCsv, quarterlyReportCsv } from './report-csv';
import { levelReportFixture, monthlyReportFixture, quarterlyReportFixture } from './report-fixtures';

type Line = Record<string, string>;

describe('report CSVs', () => {
  it('write the monthly days with ";" and the decimal comma', () => {
    const text = monthlyReportCsv(monthlyReportFixture(), { separator: ';', decimal: ',' });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${dayCsvHeader.join(';')}`);
    const lines = parse(text, { delimiter: ';', bom: true, columns: true }) as Line[];
    expect(lines).toHaveLength(3 * 31);
    expect(lines[4]).toEqual({
      point_id: '00000000-0000-4000-8000-000000000001',
      point: 'Río Ebro en Zaragoza',
      company: 'Confederación Hidrográfica del Ebro',
      day: '2026-10-05',
      class: 'excluded',
      exclusion: 'device_maintenance',
      count: '144',
      min: '2,492',
      max: '2,849',
      mean: '2,604',
      total: '',
      unit: 'm',
    });
    // the gauge: no class before its installation, then rain totals
    expect(lines[62]).toMatchObject({
      point: 'Pluviómetro Huesca',
      day: '2026-10-01',
      class: '',
      count: '0',
    });
    expect(lines[65]).toMatchObject({ day: '2026-10-04', class: 'correct', total: '3,6', mean: '' });
    expect(lines[62 + 12]).toMatchObject({ day: '2026-10-13', class: 'no_transmission', count: '0' });
  });

  it('quote a decimal comma inside a comma-separated line', () => {
    const text = monthlyReportCsv(monthlyReportFixture({ network: true }), { separator: ',', decimal: ',' });
    expect(text).toContain(',"2,492","2,849","2,604",,m\r\n');
    const lines = parse(text, { delimiter: ',', bom: true, columns: true }) as Line[];
    expect(lines[4]).toMatchObject({ min: '2,492', mean: '2,604' });
    expect(lines[62]).toMatchObject({ company: 'Ayuntamiento de Huesca' });
    const plain = parse(monthlyReportCsv(monthlyReportFixture(), { separator: ',', decimal: '.' }), {
      bom: true,
      columns: true,
    }) as Line[];
    expect(plain[4]).toMatchObject({ min: '2.492', mean: '2.604' });
  });

  it('write the level days like the monthly ones', () => {
    const lines = parse(levelReportCsv(levelReportFixture(), { separator: ';', decimal: ',' }), {
      delimiter: ';',
      bom: true,
      columns: true,
    }) as Line[];
    expect(lines).toHaveLength(2 * 10);
    expect(Object.keys(lines[0]!)).toEqual([...dayCsvHeader]);
    expect(lines[7]).toMatchObject({ day: '2026-10-08', class: 'intermittent', mean: '2,48' });
  });

  it('write the quarter one line per point, its months as month1..month3', () => {
    const lines = parse(quarterlyReportCsv(quarterlyReportFixture(), { separator: ';', decimal: ',' }), {
      delimiter: ';',
      bom: true,
      columns: true,
    }) as Line[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      point: 'Río Ebro en Zaragoza',
      days: '92',
      correct: '73',
      no_transmission: '6',
      excluded: '4',
      percent: '93,9',
      month1: '2026-07',
      month1_percent: '100',
      month3: '2026-09',
      month3_percent: '87,5',
      average_monthly_total: '',
      unit: 'm',
    });
    expect(lines[1]).toMatchObject({
      point: 'Pluviómetro Huesca',
      month2_total: '46,8',
      average_daily_min: '',
    });
  });
});
