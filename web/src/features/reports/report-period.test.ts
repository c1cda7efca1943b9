import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultLevelRange,
  defaultMonth,
  defaultQuarter,
  isDay,
  levelRangeProblems,
  monthDays,
  shiftMonth,
  shiftQuarter,
} from './report-period';

describe('report periods', () => {
  it('opens on the previous month during the first three days, else on the current one', () => {
    expect(defaultMonth({ year: 2026, month: 11, day: 1 })).toBe('2026-10');
    expect(defaultMonth({ year: 2026, month: 11, day: 3 })).toBe('2026-10');
    expect(defaultMonth({ year: 2026, month: 11, day: 4 })).toBe('2026-11');
    expect(defaultMonth({ year: 2027, month: 1, day: 2 })).toBe('2026-12');
    expect(defaultQuarter({ year: 2027, month: 1, day: 2 })).toBe('2026-Q4');
    expect(defaultQuarter({ year: 2026, month: 11, day: 28 })).toBe('2026-Q4');
  });

  it('steps months and quarters across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftQuarter('2026-Q1', -1)).toBe('2025-Q4');
    expect(shiftQuarter('2026-Q4', 1)).toBe('2027-Q1');
  });

  it('counts the days of a month, leap years included', () => {
    expect(monthDays('2026-10')).toHaveLength(31);
    expect(monthDays('2028-02').at(-1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });

  it('lists the last 30 finished days by default, and checks a range as the server does', () => {
    expect(defaultLevelRange({ year: 2026, month: 11, day: 28 })).toEqual({
      from: '2026-10-29',
      to: '2026-11-27',
    });
    expect(levelRangeProblems('2026-10-01', '2026-12-01')).toEqual({});
    expect(levelRangeProblems('2026-10-01', '2026-12-02')).toEqual({ list: 'DR1001' });
    expect(levelRangeProblems('2026-01-01', '2027-01-01')).toEqual({ list: 'DR1001' });
    expect(levelRangeProblems('2026-01-01', '2027-01-02')).toEqual({ list: 'DR1001', file: 'DR1000' });
    expect(levelRangeProblems('2026-10-02', '2026-10-01')).toEqual({ list: 'order', file: 'order' });
  });
});
