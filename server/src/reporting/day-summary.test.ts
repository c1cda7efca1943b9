/** A day of a series counted and classified at every limit (docs/REPORTS.md "Daily summaries"). */
import { describe, expect, it } from 'vitest';
import { classifyDay, expectedCount, sumOf, summariseDay, type DayValue } from './day-summary';

const t0 = Date.parse('2026-03-29T00:00:00+01:00');
const minute = 60_000;
/** Values one every 15 minutes from the day's start. */
const day = (...values: (number | null)[]): DayValue[] =>
  values.map((value, i) => ({ ts: t0 + i * 15 * minute, value }));
const noBounds = { groundLevel: null, invertLevel: null };
const counts = (over: Partial<{ outOfRange: number; jumps: number; longestEqualRun: number }>) => ({
  count: 96,
  outOfRange: 0,
  jumps: 0,
  longestEqualRun: 1,
  ...over,
});

describe('summariseDay', () => {
  it('counts min and max with their times, mean, first and last; unusable values are not counted', () => {
    const s = summariseDay(day(2.5, null, 4, 1.5, Number.NaN, 3), noBounds, 96);
    expect(s).toMatchObject({
      count: 4,
      expected: 96,
      min: { ts: t0 + 45 * minute, value: 1.5 },
      max: { ts: t0 + 30 * minute, value: 4 },
      first: { ts: t0, value: 2.5 },
      last: { ts: t0 + 75 * minute, value: 3 },
    });
    expect(s.mean).toBeCloseTo(2.75, 12);
  });

  it('out of range: below the invert level or above the ground level, bounds included as valid', () => {
    const s = summariseDay(day(-0.1, 0, 3, 6.5, 6.6, 7), { groundLevel: 6.5, invertLevel: 0 }, 96);
    expect(s.outOfRange).toBe(3);
    expect(summariseDay(day(-5, 50), noBounds, 96).outOfRange).toBe(0);
  });

  it('a jump is |Δ| ≥ 3 m between consecutive usable values', () => {
    expect(summariseDay(day(1, 4, 1, 3.999, 1), noBounds, 96).jumps).toBe(2);
    // an unusable value between two does not hide the jump
    expect(summariseDay(day(1, null, 4.5), noBounds, 96).jumps).toBe(1);
  });

  it('the longest run of equal consecutive values', () => {
    expect(summariseDay(day(1, 1, 2, 2, 2, 1), noBounds, 96).longestEqualRun).toBe(3);
    expect(summariseDay(day(1), noBounds, 96).longestEqualRun).toBe(1);
    expect(summariseDay(day(), noBounds, 96)).toMatchObject({
      count: 0,
      longestEqualRun: 0,
      mean: null,
      min: null,
    });
  });
});

describe('expectedCount', () => {
  it('follows the day length of a DST change and the measure time', () => {
    expect(expectedCount(24 * 60 * minute, 900)).toBe(96);
    expect(expectedCount(23 * 60 * minute, 900)).toBe(92);
    expect(expectedCount(25 * 60 * minute, 900)).toBe(100);
    expect(expectedCount(24 * 60 * minute, 0)).toBe(0);
  });
});

describe('classifyDay', () => {
  it.each([
    ['outOfRange', 5, 'correct'],
    ['outOfRange', 6, 'intermittent'],
    ['outOfRange', 9, 'intermittent'],
    ['outOfRange', 10, 'incorrect'],
    ['jumps', 7, 'correct'],
    ['jumps', 8, 'intermittent'],
    ['jumps', 10, 'intermittent'],
    ['jumps', 11, 'incorrect'],
    ['longestEqualRun', 5, 'correct'],
    ['longestEqualRun', 6, 'intermittent'],
    ['longestEqualRun', 9, 'intermittent'],
    ['longestEqualRun', 10, 'incorrect'],
  ] as const)('%s %i → %s', (field, n, expected) => {
    expect(classifyDay(counts({ [field]: n })).class).toBe(expected);
  });

  it('says why, with the count and the limit reached; the worst level decides', () => {
    expect(classifyDay(counts({ outOfRange: 7, jumps: 11 }))).toEqual({
      class: 'incorrect',
      reasons: [{ criterion: 'jumps', count: 11, limit: 11 }],
      exclusion: null,
    });
    expect(classifyDay(counts({ outOfRange: 7, longestEqualRun: 6 })).reasons).toEqual([
      { criterion: 'out_of_range', count: 7, limit: 6 },
      { criterion: 'equal_run', count: 6, limit: 6 },
    ]);
  });

  it('no value is no transmission; an exclusion comes before everything', () => {
    expect(classifyDay(counts({ outOfRange: 50 }), 'device_maintenance')).toEqual({
      class: 'excluded',
      reasons: [],
      exclusion: 'device_maintenance',
    });
    expect(classifyDay({ count: 0, outOfRange: 0, jumps: 0, longestEqualRun: 0 }).class).toBe(
      'no_transmission',
    );
  });

  it('a stuck sensor (ten equal values) makes the day incorrect, from its values', () => {
    const stuck = summariseDay(day(1, 2, ...Array<number>(10).fill(2.2), 2.3), noBounds, 96);
    expect(classifyDay(stuck)).toMatchObject({
      class: 'incorrect',
      reasons: [{ criterion: 'equal_run', count: 10 }],
    });
  });
});

describe('sumOf', () => {
  it('adds a day of rain without binary noise, skipping failed readings', () => {
    expect(sumOf([...Array<number>(317).fill(0.2), null])).toBe(63.4);
    expect(sumOf([])).toBe(0);
  });
});
