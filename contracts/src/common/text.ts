import { z } from 'zod';

/** A required, trimmed text field. */
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);
/** An optional text field: blank becomes null. */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

/** IANA time-zone names known to this runtime (Intl). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isTimeZone, { message: 'timezone' });

/** Query flags arrive as strings. */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** ISO 8601 or epoch seconds in queries (DESIGN.md §4). */
export const queryDate = z
  .string()
  .refine((v) => (/^\d+$/.test(v) ? true : !Number.isNaN(Date.parse(v))), { message: 'date' })
  .transform((v) => (/^\d+$/.test(v) ? new Date(Number(v) * 1000) : new Date(v)))
  .optional();
