/** Dates and numbers in the interface language. */
import { sessionStore } from './session';

const locales = { es: 'es-ES', en: 'en-GB' } as const;

function locale(): string {
  return locales[sessionStore.getState().language];
}

/** "21/11/2026, 10:05" from an ISO 8601 time; "" for null. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale()).format(value);
}
