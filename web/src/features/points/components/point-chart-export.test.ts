import { describe, expect, it } from 'vitest';
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import { csvText, exportFileName, exportTable } from './point-chart-export';

const texts = { time: 'Time', value: 'Value', min: 'Min', max: 'Max', count: 'Count', flag: 'Flag' };
const rows: PointSeriesRow[] = [
  { ts: '2026-07-01T10:00:00.000Z', value: 1.5, min: 1, max: 2, count: 6, flag: 1 },
  { ts: '2026-07-01T11:00:00.000Z', value: null, min: null, max: null, count: 0, flag: null },
  { ts: '2026-07-01T12:00:00.000Z', value: -0.25, min: -1, max: 0.5, count: 5, flag: 3 },
];

describe('point chart export', () => {
  it('has one row per shown bucket, gaps left out, times on the company clock', () => {
    const table = exportTable(rows, texts, 'Europe/Madrid');
    expect(table).toEqual([
      ['Time', 'Value', 'Min', 'Max', 'Count', 'Flag'],
      [{ year: 2026, month: 7, day: 1, hour: 12, minute: 0, second: 0 }, 1.5, 1, 2, 6, 1],
      [{ year: 2026, month: 7, day: 1, hour: 14, minute: 0, second: 0 }, -0.25, -1, 0.5, 5, 3],
    ]);
  });

  it('writes CSV with quoting and neutralised formulas', () => {
    const csv = csvText([
      ['Time (Europe/Madrid)', 'a,b', '=cmd()', 'say "hi"'],
      [{ year: 2026, month: 7, day: 1, hour: 12, minute: 0, second: 5 }, -1.5, null, 3],
    ]);
    expect(csv).toBe('Time (Europe/Madrid),"a,b",\'=cmd(),"say ""hi"""\r\n2026-07-01 12:00:05,-1.5,,3\r\n');
  });

  it('names the file after the point, port and days, in safe characters', () => {
    const from = Date.parse('2026-11-17T10:00:00Z');
    const to = Date.parse('2026-11-24T10:00:00Z');
    expect(exportFileName('Ebro en Zaragoza (Puente de Piedra)', 'ai1', from, to, 'xlsx')).toBe(
      'Ebro-en-Zaragoza-Puente-de-Piedra_ai1_2026-11-17_2026-11-24.xlsx',
    );
    expect(exportFileName('Río Gállego', null, from, to, 'csv')).toBe(
      'Rio-Gallego_series_2026-11-17_2026-11-24.csv',
    );
  });
});
