/**
 * With ALERTS=off no alert round announces `series.changed` after a batch, yet the live stream and
 * the latest-values cache learn of new values from it: this does it instead, for the points of the
 * committed batches, at most every `intervalMs` (a batch each few milliseconds under load must not
 * become a NOTIFY each).
 */
import type { EventBus } from '../events/event-bus';

export function announceLatestValues(events: EventBus, intervalMs = 250): () => void {
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  function flush() {
    timer = null;
    const ids = [...pending];
    pending.clear();
    // the cluster event carries at most 150 ids
    for (let i = 0; i < ids.length; i += 150)
      events.publish('series.changed', { pointIds: ids.slice(i, i + 150) });
  }
  const off = events.on('measures.committed', ({ rows }) => {
    for (const row of rows) if (row.pointId !== null) pending.add(row.pointId);
    if (pending.size > 0) timer ??= setTimeout(flush, intervalMs);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
    if (pending.size > 0) flush();
  };
}
