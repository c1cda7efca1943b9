/**
 * Frequencies (docs/LIMITS.md: 5, 10, 15, 30 minutes, 1, 2, 3, 4, 6, 12 hours, 1 day), in seconds: the one
 * contract of every place a frequency is chosen — the measures export today, report schedules and
 * the notification digest later.
 */
import { z } from 'zod';
import { frequencyOptions } from '../constants';

export type Frequency = (typeof frequencyOptions)[number];

/** A frequency in a JSON body: one of frequencyOptions, a number of seconds. */
export const frequencySchema = z.literal(frequencyOptions);

/** A frequency in a query string ("3600"). */
export const queryFrequency = z.coerce.number().pipe(frequencySchema);

/** How a frequency reads: 300 → 5 minutes, 7200 → 2 hours, 86400 → 1 day (for labels in any language). */
export function frequencyParts(seconds: Frequency): { count: number; unit: 'minutes' | 'hours' | 'days' } {
  if (seconds % 86_400 === 0) return { count: seconds / 86_400, unit: 'days' };
  if (seconds % 3_600 === 0) return { count: seconds / 3_600, unit: 'hours' };
  return { count: seconds / 60, unit: 'minutes' };
}
