import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-20T10:00:00Z');

describe('relativeTime', () => {
  it('picks the largest unit that fits, in the given language', () => {
    // ICU versions differ in abbreviations ("sec" / "sec."): the number, unit and direction matter
    expect(relativeTime('2026-11-20T09:59:30Z', now, 'en-GB')).toMatch(/^30 sec\.? ago$/);
    expect(relativeTime('2026-11-20T09:55:00Z', now, 'en-GB')).toMatch(/^5 min\.? ago$/);
    expect(relativeTime('2026-11-20T07:00:00Z', now, 'en-GB')).toMatch(/^3 hr\.? ago$/);
    expect(relativeTime('2026-11-18T10:00:00Z', now, 'en-GB')).toBe('2 days ago');
    expect(relativeTime('2026-11-20T07:00:00Z', now, 'es-ES')).toMatch(/^hace 3 h$/);
    expect(relativeTime('2027-01-20T10:00:00Z', now, 'en-GB')).toMatch(/^in 61 days$/);
  });
});
