/**
 * Quiet hours on a company's clock (docs/ALERTS.md): HH:MM to HH:MM in the company's time zone, `from`
 * after `to` crossing midnight. The local time of an instant comes from Intl (the zone database), and
 * the end is the instant the clock next reads `to` on the right local day — so on a DST day quiet
 * hours of 22:00 → 07:00 last 8 or 10 hours of elapsed time, as the clock on the wall says.
 */

export interface QuietHours {
  from: string;
  to: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `timeZone` at `at`. */
export function localClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** The zone's offset from UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const c = localClock(new Date(at), timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, 0, c.minutes, c.seconds);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the clock of `timeZone` reads `minutes` past midnight of the local day y-m-d. A time
 * skipped by a spring-forward change gives the instant just after the gap (the clock's next reading
 * at or past it); a time repeated in autumn gives its first occurrence.
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string) {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // the offsets around the wall time: the right one makes the round trip
  const candidates = [
    ...new Set([offsetAt(wall - 86_400_000, timeZone), offsetAt(wall + 86_400_000, timeZone)]),
  ]
    .map((offset) => wall - offset)
    .sort((a, b) => a - b);
  for (const at of candidates) {
    const c = localClock(new Date(at), timeZone);
    if (Date.UTC(c.year, c.month - 1, c.day, 0, c.minutes) === wall) return new Date(at);
  }
  // in a spring-forward gap: the change itself, the first minute whose reading is past this one
  for (let at = candidates[0]!; at < candidates[candidates.length - 1]!; at += 60_000) {
    const c = localClock(new Date(at), timeZone);
    if (Date.UTC(c.year, c.month - 1, c.day, 0, c.minutes) >= wall) return new Date(at);
  }
  return new Date(candidates[candidates.length - 1]!);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the quiet hours around `at` end, or null when `at` is outside them. */
export function quietUntil(at: Date, quiet: QuietHours, timeZone: string): Date | null {
  const from = toMinutes(quiet.from);
  const to = toMinutes(quiet.to);
  if (from === to) return null;
  const now = localClock(at, timeZone);
  const m = now.minutes;
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  // crossing midnight and already past `from`: the end is on the next local day
  const nextDay = from > to && m >= from;
  const base = new Date(Date.UTC(now.year, now.month - 1, now.day + (nextDay ? 1 : 0)));
  return zonedInstant(base.getUTCFullYear(), base.getUTCMonth() + 1, base.getUTCDate(), to, timeZone);
}
