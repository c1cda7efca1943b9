import { describe, expect, it } from 'vitest';
import { formatNumber, plainNumber, roundToResolution } from './format';

describe('roundToResolution (exports and texts round the same way)', () => {
  it('drops the binary noise of a conversion', () => {
    expect(roundToResolution(1.1980000000000004, 0.001)).toBe(1.198);
    expect(roundToResolution(0.9596874999999999, 0.001)).toBe(0.96);
    expect(roundToResolution(7 / 3, 0.001)).toBe(2.333);
    expect(roundToResolution(12.26, 0.5)).toBe(12.5);
    expect(roundToResolution(1234.5, 10)).toBe(1230);
  });

  it('rounds halves away from zero, like Intl, and never answers -0', () => {
    expect(roundToResolution(-0.0625, 0.001)).toBe(-0.063);
    expect(roundToResolution(0.0625, 0.001)).toBe(0.063);
    expect(formatNumber(-0.0625, 'en', { resolution: 0.001 })).toBe('-0.063');
    expect(Object.is(roundToResolution(-0.0001, 0.001), 0)).toBe(true);
  });

  it('leaves the value alone without a usable resolution', () => {
    expect(roundToResolution(1.23456, 0)).toBe(1.23456);
    expect(roundToResolution(1.23456, Number.NaN)).toBe(1.23456);
    expect(roundToResolution(Number.POSITIVE_INFINITY, 0.001)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('plainNumber (a number as CSV data)', () => {
  it('writes the shortest exact digits with the chosen decimal mark and no grouping', () => {
    expect(plainNumber(12345.678)).toBe('12345.678');
    expect(plainNumber(12345.678, ',')).toBe('12345,678');
    expect(plainNumber(-0.5, ',')).toBe('-0,5');
    expect(plainNumber(-0, ',')).toBe('0');
    expect(plainNumber(3, ',')).toBe('3');
  });
});
