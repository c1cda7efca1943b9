/** Numbers in the interface language (dates: time.ts, in the company's zone). */
import type { Language } from '@aforo/contracts/constants';
import { sessionStore } from './session';

const locales: Record<Language, string> = { es: 'es-ES', en: 'en-GB' };

/** The Intl locale of an interface language. */
export function intlLocale(language: Language = sessionStore.getState().language): string {
  return locales[language];
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale()).format(value);
}

/** A measured value with up to 4 decimals; "—" for none. */
export function formatValue(value: number | null): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 4 }).format(value);
}
