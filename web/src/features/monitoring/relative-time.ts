/** "3 min ago", "2 h ago", "in 1 min" in the interface language (the absolute time is shown beside it). */
import { intlLocale } from '../../lib/format';

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 365],
  ['year', Infinity],
];

export function relativeTime(iso: string, nowMs: number, locale = intlLocale()): string {
  let value = (Date.parse(iso) - nowMs) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
