/**
 * How the report files write their figures in the reader's language (docs/REPORTS.md "Report
 * files"): numbers through contracts/src/format.ts, dates spelt out here from the labels (not Intl)
 * so a report's bytes do not move with the runtime's locale data.
 */
import type { Language } from '@aforo/contracts/constants';
import type { DayClass, ExclusionCause, SeriesTotal } from '@aforo/contracts/daily-summaries';
import { formatMeasure, formatNumber, noValue } from '@aforo/contracts/format';
import type { CsvSeparator, DecimalMark } from '../../lib/csv-writer';
import { zoneClock } from '../../lib/zone-clock';
import { fill, reportLabels } from './labels';

/** What a renderer is told besides the report; PDF and XLSX read only `lang`. */
export interface ReportRenderOptions {
  lang: Language;
  separator: CsvSeparator;
  decimal: DecimalMark;
}

export interface ReportHeader {
  company: { name: string; timeZone: string } | null;
  period: { label: string; from: string; to: string; open: boolean };
  generatedAt: string;
}

/** Levels to the millimetre, as the notification texts write them. */
export const levelResolution = 0.001;
/** Rain and volume totals to the hundredth. */
export const totalResolution = 0.01;

/** The unit of a pulse series' total. */
export function totalUnit(kind: SeriesTotal | null): string {
  if (kind === 'rain') return 'mm';
  return kind === 'volume' ? 'm³' : '';
}

function dayParts(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** "2026-10-05" → "05/10/2026": day first in both languages (en is British English). */
export function shortDate(day: string): string {
  const [y, m, d] = dayParts(day);
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

/** "1 de octubre de 2026" / "1 October 2026". */
export function longDate(day: string, lang: Language): string {
  const [y, m, d] = dayParts(day);
  const labels = reportLabels[lang];
  return fill(labels.longDate, { d, month: labels.months[m - 1] ?? '', y });
}

/** "2026-10" → "octubre 2026" (or "oct 2026" short). */
export function monthText(month: string, lang: Language, short = false): string {
  const [y, m] = dayParts(`${month}-01`);
  const labels = reportLabels[lang];
  return `${(short ? labels.monthsShort : labels.months)[m - 1] ?? month} ${y}`;
}

/** A local day as a spreadsheet date cell (its UTC fields are the day, as lib/xlsx-writer.ts does). */
export function dayCell(day: string): Date {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d));
}

/** "2026-10 · del 1 de octubre de 2026 al 31 de octubre de 2026 (periodo en curso: …)". */
export function periodText(header: ReportHeader, lang: Language): string {
  const labels = reportLabels[lang];
  const { label, from, to, open } = header.period;
  const range = fill(labels.range, { from: longDate(from, lang), to: longDate(to, lang) });
  return `${label} · ${range}${open ? ` (${labels.openPeriod})` : ''}`;
}

export function companyText(header: ReportHeader, lang: Language): string {
  return header.company?.name ?? reportLabels[lang].network;
}

const instantPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When the report was made, on the company's clock ("01/11/2026 06:00 (UTC+01:00)"); a network
 * report has no single clock and keeps the offset its generatedAt was written with.
 */
export function generatedText(header: ReportHeader): string {
  const { company, generatedAt } = header;
  const local = company ? zoneClock(company.timeZone).iso(new Date(generatedAt)) : generatedAt;
  const match = instantPattern.exec(local);
  if (!match) return generatedAt;
  const [, day = '', time = '', offset = ''] = match;
  return `${shortDate(day)} ${time} (UTC${offset === 'Z' ? '' : offset})`;
}

// formatNumber builds an Intl formatter per call, and a large report asks for tens of thousands of
// texts, mostly of the same few values: they are remembered (bounded: cleared when full)
const remembered = new Map<string, string>();
function cached(key: string, write: () => string): string {
  let text = remembered.get(key);
  if (text === undefined) {
    if (remembered.size >= 20_000) remembered.clear();
    text = write();
    remembered.set(key, text);
  }
  return text;
}

export function countText(value: number, lang: Language): string {
  return cached(`c${lang}${value}`, () => formatNumber(value, lang));
}

/** 87.5 → "87,5" in es, "87.5" in en; null (nothing to count) → "—". */
export function percentText(value: number | null, lang: Language): string {
  return cached(`p${lang}${value}`, () => formatNumber(value, lang, { maximumFractionDigits: 1 }));
}

export function levelText(value: number | null, unit: string, lang: Language): string {
  return cached(`l${lang}${value} ${unit}`, () => formatMeasure(value, unit, lang, levelResolution));
}

export function totalText(value: number | null, kind: SeriesTotal | null, lang: Language): string {
  if (kind === null) return noValue;
  return cached(`t${lang}${value} ${kind}`, () =>
    formatMeasure(value, totalUnit(kind), lang, totalResolution),
  );
}

export function classText(value: DayClass | null, lang: Language): string {
  return value === null ? '' : reportLabels[lang].classes[value];
}

export function causeText(value: ExclusionCause | null, lang: Language): string {
  return value === null ? '' : reportLabels[lang].causes[value];
}

/** The point's name, marked when it is in test (its days are excluded). */
export function pointText(point: { name: string; test: boolean }, lang: Language): string {
  return point.test ? `${point.name} (${reportLabels[lang].test})` : point.name;
}
