/**
 * The periods of the report screens as the URL holds them (docs/REPORTS.md): a month "2026-10", a
 * quarter "2026-Q4", a range of days "2026-10-01".."2026-10-31", all local days of the company. Pure.
 */
import { maxSummaryRangeDays } from '@aforo/contracts/daily-summaries';
import { maxLevelListDays, monthSchema, quarterSchema } from '@aforo/contracts/reports';

/** A calendar day "YYYY-MM-DD" (the company's local day). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dayText = (d: CalendarDay) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** The day `days` after (or before) `day`, calendar arithmetic on UTC dates (no DST to cross). */
export function addDays(day: string, days: number): string {
  const ms = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (as server/src/reporting/report-range.ts counts them). */
export function spanDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** A real date "YYYY-MM-DD" (not 2026-02-31). */
export function isDay(value: string | undefined): value is string {
  const match = dayPattern.exec(value ?? '');
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isMonth = (value: string | undefined): value is string => monthSchema.safeParse(value).success;
export const isQuarter = (value: string | undefined): value is string =>
  quarterSchema.safeParse(value).success;

/**
 * The month a monthly report opens on: the current one, or the previous one during the first three
 * days of a month, when the month just ended is the one to review (and bill).
 */
export function defaultMonth(today: CalendarDay): string {
  if (today.day > 3) return `${pad(today.year, 4)}-${pad(today.month)}`;
  return shiftMonth(`${pad(today.year, 4)}-${pad(today.month)}`, -1);
}

/** "2026-10" moved by `months`. */
export function shiftMonth(month: string, months: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + months;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** The quarter of a month: "2026-11" → "2026-Q4". */
export const quarterOf = (month: string) =>
  `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarter a quarterly report opens on: the one of the default month. */
export const defaultQuarter = (today: CalendarDay) => quarterOf(defaultMonth(today));

/** "2026-Q4" moved by `quarters`. */
export function shiftQuarter(quarter: string, quarters: number): string {
  const index = Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(6)) - 1 + quarters;
  return `${pad(Math.floor(index / 4), 4)}-Q${(index % 4) + 1}`;
}

/** The level summary's default: the last 30 finished days (today is never summarised). */
export function defaultLevelRange(today: CalendarDay): { from: string; to: string } {
  const to = addDays(dayText(today), -1);
  return { from: addDays(to, -29), to };
}

/** Why a range cannot be listed or downloaded: from after to, over a year (DR1000) or 2 months (DR1001). */
export type RangeProblem = 'order' | 'DR1000' | 'DR1001';

export function levelRangeProblems(from: string, to: string): { list?: RangeProblem; file?: RangeProblem } {
  if (from > to) return { list: 'order', file: 'order' };
  const days = spanDays(from, to);
  if (days > maxSummaryRangeDays) return { list: 'DR1001', file: 'DR1000' };
  if (days > maxLevelListDays) return { list: 'DR1001' };
  return {};
}

/** Every day of a month "2026-10": "2026-10-01" … "2026-10-31". */
export function monthDays(month: string): string[] {
  const count = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
