/**
 * Late data marks its day for recomputation (docs/REPORTS.md "When summaries are computed"): hears
 * `measures.committed` where batches commit (the ingest role) and, for values measured on a local day
 * that has already ended, marks that point-day stale when the day was computed. Live values (today's)
 * cost nothing but a cached time-zone look-up.
 */
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../lib/logger';
import { createTtlCache } from '../lib/ttl-cache';
import { createDailySummariesRepository } from './daily-summaries.repository';

const hourMs = 3_600_000;

/** The local day of an instant in a zone, YYYY-MM-DD. */
function dayFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (ms) => format.format(ms);
}

export function createStaleMarker(options: { db: Db; events: EventBus; log: Logger; now?: () => number }) {
  const { db, events, log } = options;
  const now = options.now ?? Date.now;
  const repo = createDailySummariesRepository(db);
  // a point's company time zone changes rarely; a changed one is read again within 10 minutes
  const zones = createTtlCache<string | null>({ ttlMs: 10 * 60_000, maxEntries: 50_000 });
  const formatters = new Map<string, (ms: number) => string>();

  async function zoneOf(pointId: string): Promise<string | null> {
    return zones.get(pointId, () => repo.timeZoneOfPoint(pointId));
  }

  function localDay(tz: string): (ms: number) => string {
    let f = formatters.get(tz);
    if (!f) formatters.set(tz, (f = dayFormatter(tz)));
    return f;
  }

  async function mark(rows: Array<{ pointId: string | null; ms: number }>): Promise<void> {
    // one item per point and hour is enough to find the day
    const hours = new Map<string, { pointId: string; ms: number }>();
    for (const r of rows) {
      if (!r.pointId) continue;
      const key = `${r.pointId}|${Math.floor(r.ms / hourMs)}`;
      if (!hours.has(key)) hours.set(key, { pointId: r.pointId, ms: r.ms });
    }
    const late: Array<{ pointId: string; ms: number }> = [];
    const at = now();
    for (const item of hours.values()) {
      const tz = await zoneOf(item.pointId);
      if (tz === null) continue;
      const day = localDay(tz);
      if (day(item.ms) < day(at)) late.push(item);
    }
    if (late.length > 0) await repo.markStale(late);
  }

  // the bus hands a subscription its events one at a time and waits for the returned work
  const off = events.on('measures.committed', ({ rows }) =>
    mark(rows).catch((err: unknown) =>
      log.error({ err }, 'late measures not marked for the daily summaries'),
    ),
  );

  return {
    mark,
    /** Resolves once what was heard so far is marked. */
    idle: (): Promise<void> => events.idle(),
    close(): void {
      off();
    },
  };
}
