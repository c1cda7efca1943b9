/**
 * The engine's memory of what each series is checked against (point limits, port parameters, device
 * state), so a round does not re-read points, devices and models for series it saw a moment ago —
 * under load that read was the largest part of a round after the read-back (docs/PERFORMANCE.md).
 *
 * Entries go when the API announces a change (`point.changed` drops that point's series,
 * `device.changed` drops all: a device may have moved between points, and its maintenance state
 * mutes alerts), when the bus reconnects (announcements may have been missed) and after `ttlMs`
 * anyway, for what no event announces (a model's port types). A load that started before an
 * invalidation is not kept.
 */
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { loadSeriesContexts, seriesId, type SeriesContext, type SeriesKey } from './alerting.repository';

export interface ContextCache {
  /** The context of each series (deleted points left out), from memory where it is fresh. */
  get(tx: Db, keys: SeriesKey[]): Promise<Map<string, SeriesContext>>;
  close(): void;
}

export function createContextCache(options: {
  events: EventBus;
  ttlMs?: number;
  now?: () => number;
}): ContextCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;
  // null: the point is deleted (remembered too, so its stray measures cost no query)
  const entries = new Map<string, { pointId: string; context: SeriesContext | null; at: number }>();
  let generation = 0;
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  const off = [
    options.events.on('point.changed', ({ pointId }) => {
      generation += 1;
      for (const [id, entry] of entries) if (entry.pointId === pointId) entries.delete(id);
    }),
    options.events.on('device.changed', forgetAll),
    options.events.onResync(forgetAll),
  ];

  return {
    async get(tx, keys) {
      const contexts = new Map<string, SeriesContext>();
      const missing: SeriesKey[] = [];
      const at = now();
      for (const key of keys) {
        const entry = entries.get(seriesId(key));
        if (!entry || at - entry.at > ttlMs) missing.push(key);
        else if (entry.context) contexts.set(seriesId(key), entry.context);
      }
      if (missing.length === 0) return contexts;
      const started = generation;
      const loaded = await loadSeriesContexts(tx, missing);
      for (const key of missing) {
        const id = seriesId(key);
        const context = loaded.get(id) ?? null;
        if (context) contexts.set(id, context);
        if (generation === started) entries.set(id, { pointId: key.pointId, context, at });
      }
      return contexts;
    },
    close() {
      for (const unsubscribe of off) unsubscribe();
      entries.clear();
    },
  };
}
