/**
 * Instants read on a company's clock (companies.preferred_timezone) for the exports: ISO 8601 text
 * with the local offset for CSV, and "wall clock" dates for spreadsheet cells (a spreadsheet date
 * has no zone: it shows the UTC fields of the Date it is given).
 */
import { withOffset } from './local-days';

// every zone's offset changes on a quarter hour (UTC): one look-up per quarter serves all its instants
const quarterMs = 900_000;

export interface ZoneClock {
  timeZone: string;
  /** How far the zone is ahead of UTC at `at`, in milliseconds. */
  offsetMs(at: Date): number;
  /** "2026-07-01T12:00:00+02:00"; whole seconds, as stored times are. */
  iso(at: Date): string;
  /** The Date whose UTC fields are the zone's wall clock at `at` (what a spreadsheet cell shows). */
  wallClock(at: Date): Date;
}

/** A clock of `timeZone` (IANA); its offsets are remembered for one export, not across them. */
export function zoneClock(timeZone: string): ZoneClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();

  function offsetAtQuarter(quarter: number): number {
    const ms = quarter * quarterMs;
    const field: Record<string, number> = {};
    for (const part of parts.formatToParts(ms)) field[part.type] = Number(part.value);
    const local = Date.UTC(
      field.year!,
      field.month! - 1,
      field.day!,
      field.hour!,
      field.minute!,
      field.second!,
    );
    return local - ms;
  }

  function offsetMs(at: Date): number {
    const quarter = Math.floor(at.getTime() / quarterMs);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAtQuarter(quarter);
      offsets.set(quarter, offset);
    }
    return offset;
  }

  return {
    timeZone,
    offsetMs,
    iso(at) {
      const offset = offsetMs(at);
      const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + offset).toISOString().slice(0, 19);
      return withOffset(local, offset / 1000);
    },
    wallClock: (at) => new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMs(at)),
  };
}
