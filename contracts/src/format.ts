/**
 * Numbers in a reader's language, the one formatter of the server's texts and the web (pure, no zod).
 * Intl's grouping as is: es-ES writes 12.345,678 but 1234,5 (no separator in four-digit numbers).
 */
import type { Language } from './constants';

/** The Intl locale of each language (the web's choice: en-GB, 24-hour day/month). */
export const intlLocales: Record<Language, string> = { es: 'es-ES', en: 'en-GB' };

/** What a missing value reads as. */
export const noValue = '—';

export interface NumberFormatOptions {
  /** At most this many decimals (Intl's default: 3); ignored when `resolution` is given. */
  maximumFractionDigits?: number;
  /** The step a value is measured in (0.001, 0.5…): rounded to it, with as many decimals as it has. */
  resolution?: number;
}

/** Decimals of a step: 0.001 → 3, 0.25 → 2, 10 → 0. */
export function decimalsOf(step: number): number {
  const [mantissa = '', exponent = '0'] = step.toExponential().split('e');
  const decimals = (mantissa.split('.')[1] ?? '').length - Number(exponent);
  return Math.min(20, Math.max(0, decimals));
}

/**
 * `value` rounded to a multiple of `resolution` without binary noise: 1.1980000000000004 at 0.001
 * is 1.198 (what exports and texts show); a resolution that is not a positive number changes nothing.
 */
export function roundToResolution(value: number, resolution: number): number {
  if (!Number.isFinite(resolution) || resolution <= 0 || !Number.isFinite(value)) return value;
  // half away from zero, as Intl rounds (-0.0625 → -0.063), where Math.round would go up (-0.062)
  const rounded = Math.sign(value) * Math.round(Math.abs(value) / resolution) * resolution;
  // toFixed drops the noise the multiplication leaves; + 0 turns -0 into 0
  return Number(rounded.toFixed(decimalsOf(resolution))) + 0;
}

/** A number as data (CSV cells): no grouping, its shortest exact digits, `.` or `,` as decimal mark. */
export function plainNumber(value: number, decimalMark: '.' | ',' = '.'): string {
  const text = String(value + 0);
  return decimalMark === ',' ? text.replace('.', ',') : text;
}

/** A number in the language's locale; null reads as "—". */
export function formatNumber(
  value: number | null,
  lang: Language,
  options: NumberFormatOptions = {},
): string {
  if (value === null) return noValue;
  const { resolution } = options;
  const stepped = resolution !== undefined && Number.isFinite(resolution) && resolution > 0;
  const rounded = stepped ? roundToResolution(value, resolution) : value;
  const maximumFractionDigits = stepped ? decimalsOf(resolution) : options.maximumFractionDigits;
  // 'negative': a value that rounds to zero reads 0, never -0
  return new Intl.NumberFormat(intlLocales[lang], { maximumFractionDigits, signDisplay: 'negative' }).format(
    rounded,
  );
}

/** A value with its unit ("3,887 m" in es, "3.887 m" in en); null reads as "—". */
export function formatMeasure(
  value: number | null,
  unit: string,
  lang: Language,
  resolution?: number,
): string {
  if (value === null) return noValue;
  const number = formatNumber(value, lang, resolution === undefined ? {} : { resolution });
  return unit ? `${number} ${unit}` : number;
}
