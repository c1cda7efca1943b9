/**
 * Which points may have an open NO_TRANSMISSION, so that a round runs the silence update (clearSilence)
 * only for the series it heard of those — none in most rounds, where the update over every heard
 * series was the second largest statement of a round (docs/PERFORMANCE.md).
 *
 * Known from the database once (at the first round, and again after the bus reconnected: events may
 * have been missed), then kept by `alert.changed`: an event of a NO_TRANSMISSION — or without a type —
 * adds its point. A point leaves after a committed round found nothing open on it any more, unless an
 * event added it again since that round began (it may have opened in between).
 */
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { SeriesKey } from './alerting.repository';
import { pointsWithOpenSilence } from './alerting.repository';

export interface SilenceWatch {
  /**
   * The heard series whose point may have an open NO_TRANSMISSION; `settle` is given the points of
   * those still open after the round's update, and is called once the round has committed.
   */
  select<T extends { key: SeriesKey }>(
    tx: Db,
    heard: T[],
  ): Promise<{ watched: T[]; settle: (stillOpen: Set<string>) => void }>;
  close(): void;
}

export function createSilenceWatch(events: EventBus): SilenceWatch {
  /** null: not known (start, after a resync). */
  let points: Set<string> | null = null;
  let generation = 0;
  let resyncs = 0;
  /** The generation of each watched point's last event: a round older than it may not drop it. */
  const heardAt = new Map<string, number>();
  const offs = [
    events.on('alert.changed', ({ pointId, type }) => {
      if (type !== undefined && type !== 'NO_TRANSMISSION') return;
      generation += 1;
      heardAt.set(pointId, generation);
      points?.add(pointId);
    }),
    events.onResync(() => {
      resyncs += 1;
      points = null;
    }),
  ];

  return {
    async select(tx, heard) {
      const started = generation;
      const resyncsBefore = resyncs;
      if (points === null) {
        const loaded = await pointsWithOpenSilence(tx);
        // events heard while reading are kept; a resync meanwhile makes the read worthless
        for (const [pointId, at] of heardAt) if (at > started) loaded.add(pointId);
        if (resyncs === resyncsBefore) points = loaded;
        else return { watched: heard, settle: () => {} };
      }
      const known = points;
      const watched = heard.filter((h) => known.has(h.key.pointId));
      return {
        watched,
        settle(stillOpen) {
          if (points !== known) return;
          for (const { key } of watched) {
            const at = heardAt.get(key.pointId) ?? 0;
            if (stillOpen.has(key.pointId) || at > started) continue;
            points.delete(key.pointId);
            heardAt.delete(key.pointId);
          }
        },
      };
    },
    close() {
      for (const off of offs) off();
    },
  };
}
