/** A scrape never waits on a slow query for long, and many scrapes cost one query per period. */
import { describe, expect, it } from 'vitest';
import { cachedReading } from './cached-reading';

const later = (ms: number, value: number) =>
  new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));

describe('cachedReading', () => {
  it('answers from memory within maxAgeMs: one query for many reads', async () => {
    let queries = 0;
    let clock = 0;
    const read = cachedReading(async () => ++queries, { maxAgeMs: 1000, waitMs: 50, now: () => clock });
    expect(await read()).toBe(1);
    clock = 999;
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    clock = 1000;
    expect(await read()).toBe(2);
    expect(queries).toBe(2);
  });

  it('waits waitMs at most: the previous reading meanwhile, the new one once the query ends', async () => {
    let clock = 0;
    let delay = 0;
    let next = 1;
    const read = cachedReading(() => later(delay, next++), { maxAgeMs: 10, waitMs: 30, now: () => clock });
    expect(await read()).toBe(1);
    clock = 100;
    delay = 300;
    const started = Date.now();
    expect(await read()).toBe(1);
    expect(Date.now() - started).toBeLessThan(250);
    // a second read does not start a second query while one runs
    expect(await read()).toBe(1);
    await later(350, 0);
    clock = 105;
    expect(await read()).toBe(2);
    expect(next).toBe(3);
  });

  it('says nothing (undefined) after a failed query, rather than an old figure', async () => {
    let clock = 0;
    let fail = false;
    const read = cachedReading(
      async () => {
        if (fail) throw new Error('database away');
        return 7;
      },
      { maxAgeMs: 10, waitMs: 50, now: () => clock },
    );
    expect(await read()).toBe(7);
    fail = true;
    clock = 20;
    expect(await read()).toBe(undefined);
    fail = false;
    clock = 40;
    expect(await read()).toBe(7);
  });
});
