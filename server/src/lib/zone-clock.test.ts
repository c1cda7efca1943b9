import { describe, expect, it } from 'vitest';
import { zoneClock } from './zone-clock';

describe('zoneClock', () => {
  const madrid = zoneClock('Europe/Madrid');

  it('writes instants with the local offset, summer and winter', () => {
    expect(madrid.iso(new Date('2026-07-01T10:00:05.900Z'))).toBe('2026-07-01T12:00:05+02:00');
    expect(madrid.iso(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16T00:30:00+01:00');
    expect(zoneClock('UTC').iso(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15T23:30:00+00:00');
    expect(zoneClock('America/Santiago').iso(new Date('2026-01-15T12:00:00Z'))).toBe(
      '2026-01-15T09:00:00-03:00',
    );
  });

  it('turns at the daylight-saving changes (the clock goes back: 02:30 twice)', () => {
    // 2024-10-27: 03:00 CEST becomes 02:00 CET at 01:00 UTC
    expect(madrid.iso(new Date('2024-10-27T00:30:00Z'))).toBe('2024-10-27T02:30:00+02:00');
    expect(madrid.iso(new Date('2024-10-27T00:59:59Z'))).toBe('2024-10-27T02:59:59+02:00');
    expect(madrid.iso(new Date('2024-10-27T01:00:00Z'))).toBe('2024-10-27T02:00:00+01:00');
    expect(madrid.iso(new Date('2024-10-27T01:30:00Z'))).toBe('2024-10-27T02:30:00+01:00');
    // 2024-03-31: 02:00 CET becomes 03:00 CEST at 01:00 UTC
    expect(madrid.iso(new Date('2024-03-31T00:59:00Z'))).toBe('2024-03-31T01:59:00+01:00');
    expect(madrid.iso(new Date('2024-03-31T01:00:00Z'))).toBe('2024-03-31T03:00:00+02:00');
  });

  it('gives spreadsheet cells the wall clock as their UTC fields', () => {
    expect(madrid.wallClock(new Date('2026-07-01T10:00:05Z')).toISOString()).toBe('2026-07-01T12:00:05.000Z');
    expect(madrid.offsetMs(new Date('2026-01-01T00:00:00Z'))).toBe(3_600_000);
  });
});
