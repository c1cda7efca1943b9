/** Times of telemetry screens: local date-time inputs ↔ ISO 8601, and timestamps with seconds. */
import { sessionStore } from '../../lib/session';

const locales = { es: 'es-ES', en: 'en-GB' } as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-21T10:05" (the value of a datetime-local input, local time) from ISO 8601; "" for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** ISO 8601 (UTC) from a datetime-local value read as local time; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "21/11/26, 10:05:30" in local time: measures may be seconds apart. */
export function formatTimestamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locales[sessionStore.getState().language], {
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(d);
}

/** A measured value with up to 4 decimals; "—" for none. */
export function formatValue(value: number | null): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locales[sessionStore.getState().language], {
    maximumFractionDigits: 4,
  }).format(value);
}
