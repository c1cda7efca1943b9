/**
 * Numbers in the interface language through contracts/src/format.ts, as the server's texts write them
 * (dates: time.ts); and how a number field reads what is typed into it (docs/WEB.md "Numbers").
 */
import { useMemo } from 'react';
import type { Language } from '@aforo/contracts/constants';
import {
  formatMeasure as measureIn,
  formatNumber as formatIn,
  intlLocales,
  noValue,
  type NumberFormatOptions,
} from '@aforo/contracts/format';
import { sessionStore, useSession } from './session';

const current = (): Language => sessionStore.getState().language;

/** The Intl locale of an interface language. */
export function intlLocale(language: Language = current()): string {
  return intlLocales[language];
}

/** A number in the interface language ("6,5" in es, "6.5" in en). */
export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  return formatIn(value, current(), options);
}

/** A measured value with up to 4 decimals; "—" for none. */
export function formatValue(value: number | null | undefined, language: Language = current()): string {
  if (value === null || value === undefined) return noValue;
  return formatIn(value, language, { maximumFractionDigits: 4 });
}

/** A value and its unit ("3,34 V"); "—" for none. Up to 4 decimals unless a resolution is given. */
export function formatMeasure(
  value: number | null | undefined,
  unit: string,
  resolution?: number,
  language: Language = current(),
): string {
  if (value === null || value === undefined) return noValue;
  if (resolution !== undefined) return measureIn(value, unit, language, resolution);
  const number = formatValue(value, language);
  return unit ? `${number} ${unit}` : number;
}

/** A rate with its sign and fixed decimals ("+0,12", "-0.05", "0,00"). */
export function formatSigned(value: number, decimals: number, language: Language = current()): string {
  return new Intl.NumberFormat(intlLocales[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'exceptZero',
  }).format(value);
}

/** The formatters bound to the interface language; a component using them re-renders when it changes. */
export function useFormat() {
  const language = useSession((s) => s.language);
  return useMemo(
    () => ({
      language,
      number: (value: number, options: NumberFormatOptions = {}) => formatIn(value, language, options),
      /** Up to 4 decimals, "—" for none (a point's optional levels). */
      value: (value: number | null | undefined) => formatValue(value, language),
      measure: (value: number | null | undefined, unit: string, resolution?: number) =>
        formatMeasure(value, unit, resolution, language),
      signed: (value: number, decimals: number) => formatSigned(value, decimals, language),
    }),
    [language],
  );
}

/** The decimal mark a number field shows and takes in each language. */
export const decimalMarks: Record<Language, string> = { es: ',', en: '.' };

/**
 * A Spanish number field's text with "." read as the decimal mark (docs/WEB.md "Numbers"): one dot
 * is the decimal mark ("3.5" → "3,5"); dots beside a comma, or several dots, group thousands and go
 * ("1.234,5" → "1234,5", "1.234.567" → "1234567"). Typing "." and pasting already work this way
 * (Mantine); this covers a text set at once (autofill, a dropped text, a browser test's fill).
 */
export function withDecimalComma(text: string): string {
  const dots = text.split('.').length - 1;
  if (dots === 0) return text;
  if (dots > 1 || text.includes(',')) return text.replaceAll('.', '');
  return text.replace('.', ',');
}
