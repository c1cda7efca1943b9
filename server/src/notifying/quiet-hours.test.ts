import { describe, expect, it } from 'vitest';
import { quietUntil, zonedInstant } from './quiet-hours';

const madrid = 'Europe/Madrid';
const night = { from: '22:00', to: '07:00' };
const at = (iso: string) => new Date(iso);

describe('quiet hours on the company clock', () => {
  it('crossing midnight: inside before and after midnight, outside by day', () => {
    // 23:30 CET on a winter evening: until 07:00 CET next morning
    expect(quietUntil(at('2026-01-14T22:30:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    // 03:00 CET: the same morning's 07:00
    expect(quietUntil(at('2026-01-15T02:00:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-01-15T06:00:00.000Z',
    );
    // 07:00 sharp and noon are outside; 22:00 sharp is inside
    expect(quietUntil(at('2026-01-15T06:00:00Z'), night, madrid)).toBeNull();
    expect(quietUntil(at('2026-01-15T11:00:00Z'), night, madrid)).toBeNull();
    expect(quietUntil(at('2026-01-15T21:00:00Z'), night, madrid)).not.toBeNull();
  });

  it('within one day (13:00 → 15:00)', () => {
    const lunch = { from: '13:00', to: '15:00' };
    expect(quietUntil(at('2026-07-01T11:30:00Z'), lunch, madrid)?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(quietUntil(at('2026-07-01T13:30:00Z'), lunch, madrid)).toBeNull();
  });

  it('spring forward (2026-03-29 in Madrid): the night is an hour shorter, ending at 07:00 CEST', () => {
    // 23:00 CET on the 28th = 22:00Z; 07:00 CEST on the 29th = 05:00Z (8 h later, not 9)
    expect(quietUntil(at('2026-03-28T22:00:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    // 01:59 CET and 03:00 CEST are both inside, with the same end
    expect(quietUntil(at('2026-03-29T00:59:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    expect(quietUntil(at('2026-03-29T01:00:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
  });

  it('fall back (2026-10-25 in Madrid): the night is an hour longer, ending at 07:00 CET', () => {
    // 23:00 CEST on the 24th = 21:00Z; 07:00 CET on the 25th = 06:00Z (10 h later)
    expect(quietUntil(at('2026-10-24T21:00:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
    // both 02:30s are inside
    expect(quietUntil(at('2026-10-25T00:30:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
    expect(quietUntil(at('2026-10-25T01:30:00Z'), night, madrid)?.toISOString()).toBe(
      '2026-10-25T06:00:00.000Z',
    );
  });

  it('an end inside the spring-forward gap is the change itself; a repeated time its first occurrence', () => {
    // 02:30 does not exist on 2026-03-29 in Madrid: the clock passes it at 02:00 CET = 01:00Z
    expect(zonedInstant(2026, 3, 29, 150, madrid).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 happens twice on 2026-10-25: first at 00:30Z (CEST)
    expect(zonedInstant(2026, 10, 25, 150, madrid).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedInstant(2026, 1, 15, 420, 'America/New_York').toISOString()).toBe('2026-01-15T12:00:00.000Z');
  });
});
