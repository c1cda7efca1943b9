/**
 * What the point chart shows, as a table for CSV and XLSX: one row per measure (raw) or per bucket
 * (average, min, max, count), gap rows left out, times on the company's clock.
 */
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import { wallClock } from '../../../lib/time';
import type { XlsxCell, XlsxDate } from '../../../lib/xlsx';

export interface ExportTexts {
  time: string;
  value: string;
  min: string;
  max: string;
  count: string;
  flag: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const clockText = (c: XlsxDate) =>
  `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;

/** Header then rows; a row's time is a wall clock of `timeZone`. */
export function exportTable(rows: PointSeriesRow[], texts: ExportTexts, timeZone: string): XlsxCell[][] {
  const header = [texts.time, texts.value, texts.min, texts.max, texts.count, texts.flag];
  const body = rows
    .filter((r) => r.count > 0)
    .map((r) => [wallClock(Date.parse(r.ts), timeZone), r.value, r.min, r.max, r.count, r.flag]);
  return [header, ...body];
}

const csvField = (cell: XlsxCell, separator: string): string => {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = typeof cell === 'string' ? cell : clockText(cell);
  // formula-looking text is neutralised: a spreadsheet must not run it
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 text (CRLF lines) with `separator` between fields. */
export function csvText(table: XlsxCell[][], separator = ','): string {
  return (
    table.map((row) => row.map((cell) => csvField(cell, separator)).join(separator)).join('\r\n') + '\r\n'
  );
}

/** "Ebro-Zaragoza_ai1_2026-11-17_2026-11-24.csv": safe on every file system. */
export function exportFileName(
  pointName: string,
  port: string | null,
  from: number,
  to: number,
  ext: string,
) {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const base = pointName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-');
  return `${base.replace(/^-|-$/g, '') || 'point'}_${port ?? 'series'}_${day(from)}_${day(to)}.${ext}`;
}
