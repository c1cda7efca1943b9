import { describe, expect, it } from 'vitest';
import { formatMeasure, formatNumber, intlLocales, noValue } from './format';

describe('formatNumber (numbers in the reader language)', () => {
  it('writes the decimal separator of each language', () => {
    expect(formatNumber(3.887, 'es')).toBe('3,887');
    expect(formatNumber(3.887, 'en')).toBe('3.887');
  });

  it('rounds to a resolution, never printing float noise', () => {
    expect(formatNumber(0.9596874999999999, 'es', { resolution: 0.01 })).toBe('0,96');
    expect(formatNumber(0.9596874999999999, 'en', { resolution: 0.01 })).toBe('0.96');
    expect(formatNumber(3.8870000000000005, 'es', { resolution: 0.001 })).toBe('3,887');
    expect(formatNumber(1.3, 'en', { resolution: 0.25 })).toBe('1.25');
    expect(formatNumber(1234, 'en', { resolution: 10 })).toBe('1,230');
  });

  it('caps the decimals with maximumFractionDigits', () => {
    expect(formatNumber(1.23456789, 'es', { maximumFractionDigits: 4 })).toBe('1,2346');
    expect(formatNumber(1.23456789, 'en')).toBe('1.235');
  });

  it('writes negatives and zero, never -0', () => {
    expect(formatNumber(-2.5, 'es')).toBe('-2,5');
    expect(formatNumber(-2.5, 'en')).toBe('-2.5');
    expect(formatNumber(0, 'es')).toBe('0');
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(-0.0001, 'es')).toBe('0');
    expect(formatNumber(-0.004, 'en', { resolution: 0.01 })).toBe('0');
  });

  it('groups as Intl does in each locale', () => {
    expect(formatNumber(12345.678, 'es')).toBe('12.345,678');
    expect(formatNumber(12345.678, 'en')).toBe('12,345.678');
    // Spanish leaves four-digit numbers ungrouped
    expect(formatNumber(1234.5, 'es')).toBe('1234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });

  it('reads null as the dash', () => {
    expect(formatNumber(null, 'es')).toBe(noValue);
    expect(formatNumber(null, 'en')).toBe('—');
  });

  it('keeps the web locales', () => {
    expect(intlLocales).toEqual({ es: 'es-ES', en: 'en-GB' });
  });
});

describe('formatMeasure', () => {
  it('writes a value and its unit', () => {
    expect(formatMeasure(3.887, 'm', 'es')).toBe('3,887 m');
    expect(formatMeasure(3.887, 'm', 'en')).toBe('3.887 m');
    expect(formatMeasure(0.9596874999999999, 'm³/s', 'es', 0.01)).toBe('0,96 m³/s');
    expect(formatMeasure(-12345.678, 'mm', 'en')).toBe('-12,345.678 mm');
  });

  it('writes no trailing space without a unit, and the dash for null', () => {
    expect(formatMeasure(7, '', 'es')).toBe('7');
    expect(formatMeasure(null, 'm', 'es')).toBe('—');
  });
});
