import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('loads once per key until the time to live has passed', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('shares one load between concurrent readers and forgets a failed one', async () => {
    let loads = 0;
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++loads}`), 5));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual(['v1', 'v1']);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });

  it('drops the oldest entries beyond its size', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) await cache.get(key, async () => i);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 99)).toBe(99);
    expect(await cache.get('c', async () => 99)).toBe(2);
  });

  it('keeps a recently read entry over an older unread one (least recently used goes first)', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('a', async () => 99);
    await cache.get('c', async () => 3);
    expect(await cache.get('a', async () => 99)).toBe(1);
    expect(await cache.get('b', async () => 42)).toBe(42);
  });
});
