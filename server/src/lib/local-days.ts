/**
 * Calendar days of a company's clock as plain YYYY-MM-DD texts (no zone arithmetic here: the
 * database turns a day into its local midnight), and local times written with their UTC offset.
 */

const dayMs = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The day `n` days after `day` (a calendar step: no clock is involved). */
export function addDays(day: string, n: number): string {
  if (!dayPattern.test(day)) throw new Error(`not a day: ${day}`);
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
}

/**
 * The days that split `first`..`last` (both included) into windows of `size` days: the starts of
 * every window but the first, in order. `first` and `last` in one window: [].
 */
export function windowStarts(first: string, last: string, size: number): string[] {
  const step = Math.max(1, Math.trunc(size));
  const starts: string[] = [];
  for (let day = addDays(first, step); day <= last; day = addDays(day, step)) starts.push(day);
  return starts;
}

/** "2024-10-27T02:00:00" and +3600 → "2024-10-27T02:00:00+01:00" (ISO 8601 with the local offset). */
export function withOffset(localTime: string, offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  const hh = String(Math.trunc(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${localTime}${sign}${hh}:${mm}`;
}
