import { describe, expect, it } from 'vitest';
import { addDays, windowStarts, withOffset } from './local-days';

describe('local days', () => {
  it('steps calendar days across months, leap days and DST changes alike', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-10-26', 2)).toBe('2024-10-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(() => addDays('2024-1-1', 1)).toThrow();
  });

  it('splits a range of days into windows: the starts of every window but the first', () => {
    expect(windowStarts('2024-06-17', '2024-06-23', 3)).toEqual(['2024-06-20', '2024-06-23']);
    expect(windowStarts('2024-06-17', '2024-06-17', 3)).toEqual([]);
    expect(windowStarts('2024-06-17', '2024-06-19', 0)).toEqual(['2024-06-18', '2024-06-19']);
  });

  it('writes a local time with its UTC offset', () => {
    expect(withOffset('2024-10-27T02:00:00', 7200)).toBe('2024-10-27T02:00:00+02:00');
    expect(withOffset('2024-06-10T00:00:00', -14_400)).toBe('2024-06-10T00:00:00-04:00');
    expect(withOffset('2024-06-10T00:00:00', 19_800)).toBe('2024-06-10T00:00:00+05:30');
    expect(withOffset('2024-06-10T00:00:00', 0)).toBe('2024-06-10T00:00:00+00:00');
  });
});
