import { describe, expect, it } from 'vitest';
import type { RiverLevel } from '@aforo/contracts/river-level';
import { ageParts, gaugeScale, spreadLabels, trendDirection } from './gauge-scale';
import { buildRiverLevel } from './river-level.fixture';

describe('gaugeScale', () => {
  it('spans every level drawn, with a margin, top = highest', () => {
    const level = buildRiverLevel({ record: { value: 6, ts: '2026-01-01T00:00:00Z' } });
    const scale = gaugeScale(level, 0, 100);
    expect(scale.min).toBeLessThan(0);
    expect(scale.max).toBeGreaterThan(6);
    expect(scale.y(6)).toBeLessThan(scale.y(5));
    expect(scale.y(scale.max)).toBeCloseTo(0);
    expect(scale.y(scale.min)).toBeCloseTo(100);
  });

  it('still draws a point with a single value or none', () => {
    const bare: RiverLevel = buildRiverLevel({
      groundLevel: null,
      invertLevel: null,
      warningValue: null,
      alertValue: null,
      typical: null,
      record: null,
    });
    const one = gaugeScale(bare, 0, 100);
    expect(one.y(2.6)).toBeCloseTo(50);
    const none = gaugeScale({ ...bare, current: null }, 0, 100);
    expect(Number.isFinite(none.y(0))).toBe(true);
  });
});

describe('trendDirection and ageParts', () => {
  it('reads a rate as rising, falling or steady', () => {
    expect(trendDirection(0.6)).toBe('up');
    expect(trendDirection(-0.2)).toBe('down');
    expect(trendDirection(0.004)).toBe('steady');
    expect(trendDirection(null)).toBeNull();
  });

  it('says how long ago in minutes, hours or days', () => {
    expect(ageParts(5 * 60_000)).toEqual({ value: 5, unit: 'minute' });
    expect(ageParts(3 * 3_600_000)).toEqual({ value: 3, unit: 'hour' });
    expect(ageParts(4 * 86_400_000)).toEqual({ value: 4, unit: 'day' });
  });
});

describe('spreadLabels', () => {
  it('keeps labels at least a gap apart, inside the box, in their order', () => {
    expect(spreadLabels([50, 52, 10], 13, 0, 100)).toEqual([50, 63, 10]);
    expect(spreadLabels([99, 100], 13, 0, 100)).toEqual([87, 100]);
  });
});
