import { describe, expect, it } from 'vitest';
import { frequencyOptions } from '../constants';
import { frequencyParts, frequencySchema, queryFrequency } from './frequency';

describe('frequencies (docs/LIMITS.md)', () => {
  it('take only the spec values, as numbers in bodies and as text in queries', () => {
    for (const f of frequencyOptions) {
      expect(frequencySchema.safeParse(f).success).toBe(true);
      expect(queryFrequency.parse(String(f))).toBe(f);
    }
    for (const bad of [0, 60, 3601, 172_800, -300])
      expect(frequencySchema.safeParse(bad).success).toBe(false);
    for (const bad of ['', 'hour', '60', '300.5']) expect(queryFrequency.safeParse(bad).success).toBe(false);
  });

  it('read as minutes, hours or days', () => {
    expect(frequencyOptions.map((f) => frequencyParts(f))).toEqual([
      { count: 5, unit: 'minutes' },
      { count: 10, unit: 'minutes' },
      { count: 15, unit: 'minutes' },
      { count: 30, unit: 'minutes' },
      { count: 1, unit: 'hours' },
      { count: 2, unit: 'hours' },
      { count: 3, unit: 'hours' },
      { count: 4, unit: 'hours' },
      { count: 6, unit: 'hours' },
      { count: 12, unit: 'hours' },
      { count: 1, unit: 'days' },
    ]);
  });
});
