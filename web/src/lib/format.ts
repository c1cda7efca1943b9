/** Numbers in the interface language through contracts/src/format.ts, as the server's texts write them (dates: time.ts). */
import type { Language } from '@aforo/contracts/constants';
import { formatNumber as formatIn, intlLocales, noValue } from '@aforo/contracts/format';
import { sessionStore } from './session';

/** The Intl locale of an interface language. */
export function intlLocale(language: Language = sessionStore.getState().language): string {
  return intlLocales[language];
}

export function formatNumber(value: number): string {
  return formatIn(value, sessionStore.getState().language);
}

/** A measured value with up to 4 decimals; "—" for none. */
export function formatValue(value: number | null): string {
  if (value === null) return noValue;
  return formatIn(value, sessionStore.getState().language, { maximumFractionDigits: 4 });
}
