import { afterEach, describe, expect, it } from 'vitest';
import {
  formatMeasure,
  formatNumber,
  formatSigned,
  formatValue,
  intlLocale,
  withDecimalComma,
} from './format';
import { sessionStore } from './session';

afterEach(() => {
  sessionStore.reload(null);
});

describe('numbers in the interface language', () => {
  it('Spanish: decimal comma, rounded to a resolution, a dash for none', () => {
    sessionStore.setLanguage('es');
    expect(intlLocale()).toBe('es-ES');
    expect(formatNumber(6.5)).toBe('6,5');
    expect(formatValue(3.8870000000000005)).toBe('3,887');
    expect(formatValue(null)).toBe('—');
    expect(formatMeasure(3.3449, 'V', 0.01)).toBe('3,34 V');
    expect(formatMeasure(1.1980000000000004, 'm')).toBe('1,198 m');
    expect(formatMeasure(undefined, 'm')).toBe('—');
    expect(formatSigned(0.123, 2)).toBe('+0,12');
    expect(formatSigned(0, 2)).toBe('0,00');
  });

  it('English: decimal point and thousands grouping', () => {
    sessionStore.setLanguage('en');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatMeasure(3.3449, 'V', 0.01)).toBe('3.34 V');
    expect(formatSigned(-0.05, 2)).toBe('-0.05');
  });
});

describe('a Spanish number field reads "." as the decimal mark', () => {
  it.each([
    ['3.5', '3,5'],
    ['-1.64', '-1,64'],
    ['3,5', '3,5'],
    ['1.234,5', '1234,5'],
    ['1.234.567', '1234567'],
    ['42', '42'],
  ])('%s → %s', (typed, read) => {
    expect(withDecimalComma(typed)).toBe(read);
  });
});
