import { describe, expect, it } from 'vitest';
import { alertSeriesRange } from './api';

const hour = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('alertSeriesRange', () => {
  it('shows as long again as the alert lasted before and after it, at least an hour', () => {
    const cleared = { openedAt: '2026-03-01T10:00:00Z', clearedAt: '2026-03-01T13:00:00Z' };
    expect(alertSeriesRange(cleared, at('2026-03-05T00:00:00Z'))).toEqual({
      from: at('2026-03-01T07:00:00Z'),
      to: at('2026-03-01T16:00:00Z'),
    });
    const brief = { openedAt: '2026-03-01T10:00:00Z', clearedAt: '2026-03-01T10:10:00Z' };
    expect(alertSeriesRange(brief, at('2026-03-05T00:00:00Z'))).toEqual({
      from: at('2026-03-01T09:00:00Z'),
      to: at('2026-03-01T11:10:00Z'),
    });
  });

  it('caps the margin at a day, never reaches past now, and spans at least an hour for a new alert', () => {
    const long = { openedAt: '2026-03-01T00:00:00Z', clearedAt: '2026-03-04T00:00:00Z' };
    expect(alertSeriesRange(long, at('2026-03-04T06:00:00Z'))).toEqual({
      from: at('2026-02-28T00:00:00Z'),
      to: at('2026-03-04T06:00:00Z'),
    });
    const now = at('2026-03-01T10:05:00Z');
    const fresh = { openedAt: '2026-03-01T10:00:00Z', clearedAt: null };
    expect(alertSeriesRange(fresh, now)).toEqual({
      from: now - 5 * 60_000 - hour,
      to: now - 5 * 60_000 + hour,
    });
  });
});
