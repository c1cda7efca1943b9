/**
 * Dates as the company sees them: shown and chosen in the current company's preferred time zone
 * (companies.preferred_timezone), not the browser's; sent to the API as ISO 8601 instants.
 */
import { useMemo } from 'react';
import type { CurrentUser } from '@aforo/contracts/users';
import { useCurrentUserQuery } from './current-user';
import { intlLocale } from './format';
import { useSession } from './session';

/** What a date is shown with: the interface language's Intl locale and an IANA zone. */
export interface TimeFormat {
  locale: string;
  timeZone: string;
}

/** The zone of the device running the app: used only until the signed-in user's companies are known. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The current company's zone; the user's own company's when the current one is not listed. */
export function companyTimeZone(
  user: Pick<CurrentUser, 'companies' | 'company'> | undefined,
  currentCompanyId: string | null,
): string {
  const companies = user?.companies ?? [];
  const company =
    companies.find((c) => c.id === currentCompanyId) ?? companies.find((c) => c.id === user?.company?.id);
  return company?.preferredTimezone ?? browserTimeZone();
}

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date and time a clock in `timeZone` shows at the instant `ms`. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const clockAsUtc = (c: WallClock, ms = 0) =>
  Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, ms);

/** How far `timeZone` is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return clockAsUtc(wallClock(whole, timeZone)) - whole;
}

/** The instant a clock in `timeZone` shows `clock` (in a DST gap, the same clock time an hour later). */
export function instantOf(clock: WallClock, timeZone: string, ms = 0): number {
  const asUtc = clockAsUtc(clock);
  // the offset at a guess an offset away is the right one unless a DST change lies in between
  const offsets = [offsetAt(asUtc, timeZone)];
  offsets.push(offsetAt(asUtc - offsets[0]!, timeZone));
  const exact = offsets.find((offset) => clockAsUtc(wallClock(asUtc - offset, timeZone)) === asUtc);
  return (exact === undefined ? asUtc - Math.min(...offsets) : asUtc - exact) + ms;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const validTime = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? null : ms;
};

/** "2026-11-21T10:05" (ui/DateTimeInput's value) in `timeZone` from ISO 8601; "" for none. */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  const ms = validTime(iso);
  if (ms === null) return '';
  const c = wallClock(ms, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** ISO 8601 (UTC) from a "YYYY-MM-DD[THH:mm[:ss[.sss]]]" read in `timeZone`; null when empty or invalid. */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = inputPattern.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((match[7] ?? '0').padEnd(3, '0'));
  const clock = { year, month, day, hour, minute, second };
  // reject 2026-02-31 and 25:00 rather than rolling them over
  const check = new Date(clockAsUtc(clock));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return new Date(instantOf(clock, timeZone, ms)).toISOString();
}

// day/month/four-digit year and a 24-hour clock in both languages (dateStyle 'short' writes "21/11/26" in es-ES)
const dayAndTime = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

/** "21/11/2026, 10:05"; "" for null, the text itself when it is not a date. */
export function formatDateTime(iso: string | null | undefined, format: TimeFormat): string {
  if (!iso) return '';
  const ms = validTime(iso);
  if (ms === null) return iso;
  return new Intl.DateTimeFormat(format.locale, { ...dayAndTime, timeZone: format.timeZone }).format(ms);
}

/** "21/11/2026, 10:05:30": telemetry times may be seconds apart. */
export function formatTimestamp(iso: string, format: TimeFormat): string {
  const ms = validTime(iso);
  if (ms === null) return iso;
  return new Intl.DateTimeFormat(format.locale, {
    ...dayAndTime,
    second: '2-digit',
    timeZone: format.timeZone,
  }).format(ms);
}

/** "21/11/2026" of a calendar day "2026-11-21" (a local day already: no zone to convert it to). */
export function formatDay(day: string, locale: string): string {
  const ms = Date.parse(`${day.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(ms)) return day;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(ms);
}

/** The current company's zone (the browser's until the signed-in user has loaded). */
export function useCompanyTimeZone(): string {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return companyTimeZone(user, currentCompanyId);
}

/** The time helpers bound to the interface language and the current company's zone. */
export function useTimeFormat() {
  const language = useSession((s) => s.language);
  const timeZone = useCompanyTimeZone();
  return useMemo(() => {
    const format: TimeFormat = { locale: intlLocale(language), timeZone };
    return {
      ...format,
      dateTime: (iso: string | null | undefined) => formatDateTime(iso, format),
      timestamp: (iso: string) => formatTimestamp(iso, format),
      day: (day: string) => formatDay(day, format.locale),
      toInput: (iso: string | null | undefined) => toZonedInput(iso, timeZone),
      fromInput: (value: string) => fromZonedInput(value, timeZone),
    };
  }, [language, timeZone]);
}
