/**
 * A value read by a query, bounded for scrapes: a reading younger than `maxAgeMs` is answered from
 * memory, at most one query runs at a time, and a caller waits `waitMs` at most — past that it gets
 * the previous reading (undefined before the first, or after a failed query), while the query
 * finishes for the next caller. So a scrape costs a few milliseconds even with the database slow
 * or away, and many scrapers cost one query per `maxAgeMs`.
 */
export function cachedReading(
  query: () => Promise<number>,
  options: { maxAgeMs: number; waitMs: number; now?: () => number },
): () => Promise<number | undefined> {
  const now = options.now ?? Date.now;
  let value: number | undefined;
  let readAt = -Infinity;
  let running: Promise<void> | null = null;

  return async () => {
    if (now() - readAt < options.maxAgeMs) return value;
    running ??= query()
      .then(
        (read) => {
          value = read;
        },
        () => {
          // unknown, not stale: a gauge without a reading says nothing rather than an old figure
          value = undefined;
        },
      )
      .finally(() => {
        readAt = now();
        running = null;
      });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.waitMs);
      timer.unref();
    });
    await Promise.race([running, late]);
    clearTimeout(timer);
    return value;
  };
}
