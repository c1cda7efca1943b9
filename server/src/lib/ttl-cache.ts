/**
 * A small in-process cache of slow reads: each key's value is loaded once and reused for `ttlMs`.
 * Concurrent readers of a key share one load; a failed load is forgotten. Beyond `maxEntries` the
 * least recently used entries go first (a Map keeps insertion order and a hit moves its key to the
 * end), so memory stays bounded.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createTtlCache<T>({ ttlMs, maxEntries, now = Date.now }: TtlCacheOptions): TtlCache<T> {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.expires > now()) {
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
