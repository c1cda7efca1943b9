/** The ranges of days the reports accept (docs/REPORTS.md "Level summary"; docs/VALIDATION.md). */
import { maxSummaryRangeDays } from '@aforo/contracts/daily-summaries';
import { ValidationError } from '../core/errors';

/** Days from `from` to `to`, both included. */
export function spanDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** from ≤ to (V1000), at most a year (DR1000). */
export function assertRange(from: string, to: string, maxDays = maxSummaryRangeDays): void {
  if (from > to) throw new ValidationError({ to: 'invalid' });
  if (spanDays(from, to) > maxDays) throw new ValidationError({ to: 'invalid' }, 'DR1000');
}
