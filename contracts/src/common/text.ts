/**
 * Building blocks of every text and date a request carries. Each input string of the contracts starts
 * from `safeText` and each date from `isoDate` / `queryDate`, so a bad value is refused here (400
 * V1000 with the field named) and never reaches PostgreSQL, which refuses NUL in text (22021, 22P05)
 * and dates out of its range (22008), or JavaScript, whose Date ends in the year 275760.
 */
import { z } from 'zod';

/** Text without C0 control characters (tab, line feed and carriage return allowed). */
// eslint-disable-next-line no-control-regex -- the point of the pattern is to name control characters
export const printablePattern = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$/;

/** The base of every input string: no NUL or other control character. */
export const safeText = () => z.string().regex(printablePattern);

/** Sent but nothing in it: spaces, tabs or line breaks only. */
export const isBlankText = (value: unknown): boolean =>
  typeof value === 'string' && value !== '' && value.trim() === '';

/**
 * A required, trimmed text field (docs/VALIDATION.md): missing or empty is "This is a required field"
 * (too_small / invalid_type), only spaces "This is blank or invalid" (the issue names the
 * fieldMessages key `blankOrInvalid`, which the server and web mappings of issues use).
 */
export const requiredText = (max = 200) =>
  safeText()
    .refine((v) => !isBlankText(v), { message: 'blankOrInvalid', abort: true })
    .trim()
    .min(1)
    .max(max);
/** An optional text field: blank becomes null. */
export const optionalText = (max = 200) =>
  safeText()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailSchema = safeText().trim().toLowerCase().pipe(z.email().max(254));

/** IANA time-zone names known to this runtime (Intl). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

export const timeZoneSchema = safeText().max(64).refine(isTimeZone, { message: 'timezone' });

/** Query flags arrive as strings. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Dates outside these years are typing mistakes or attacks, never data (both ends included); 9999
 * keeps "until 9999-12-31" as an open end of a filter and four-digit years that PostgreSQL and
 * JavaScript both take.
 */
export const minYear = 1900;
export const maxYear = 9999;

/** A real date between minYear and maxYear (UTC). */
export function isDateInRange(date: Date): boolean {
  if (Number.isNaN(date.getTime())) return false;
  const year = date.getUTCFullYear();
  return year >= minYear && year <= maxYear;
}

/** A calendar day, YYYY-MM-DD, between minYear and maxYear (e.g. a device's manufacturing date). */
export const isoDate = () =>
  safeText()
    .pipe(z.iso.date())
    .refine((v) => isDateInRange(new Date(`${v}T00:00:00Z`)), { message: 'invalid' });

/** ISO 8601 or epoch seconds (docs/API.md), as a Date. */
export function parseQueryDate(value: string): Date {
  return /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
}

/** A date of a query (ISO 8601 or epoch seconds) between minYear and maxYear. */
export const requiredQueryDate = safeText()
  .max(40)
  .refine((v) => isDateInRange(parseQueryDate(v)), { message: 'invalid' })
  .transform(parseQueryDate);

/** ISO 8601 or epoch seconds in queries (docs/API.md). */
export const queryDate = requiredQueryDate.optional();
