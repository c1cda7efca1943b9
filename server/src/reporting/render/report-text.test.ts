/** Dates and figures of the report files in each language. */
import { describe, expect, it } from 'vitest';
import {
  generatedText,
  levelText,
  longDate,
  monthText,
  percentText,
  shortDate,
  totalText,
} from './report-text';

const period = { label: '2026-10', from: '2026-10-01', to: '2026-10-31', open: false };

describe('report texts', () => {
  it('write days day first, spelt out in the language', () => {
    expect(shortDate('2026-03-09')).toBe('09/03/2026');
    expect(longDate('2026-10-01', 'es')).toBe('1 de octubre de 2026');
    expect(longDate('2026-10-01', 'en')).toBe('1 October 2026');
    expect(monthText('2026-09', 'es', true)).toBe('sep 2026');
    expect(monthText('2026-09', 'en')).toBe('September 2026');
  });

  it('write the generation time on the company’s clock, or with the offset it came with', () => {
    const company = { name: 'Ebro', timeZone: 'Europe/Madrid' };
    // 05:00 UTC is 06:00 in Madrid in winter, 07:00 in summer
    expect(generatedText({ company, period, generatedAt: '2026-11-01T05:00:00Z' })).toBe(
      '01/11/2026 06:00 (UTC+01:00)',
    );
    expect(generatedText({ company, period, generatedAt: '2026-07-01T05:00:00.123Z' })).toBe(
      '01/07/2026 07:00 (UTC+02:00)',
    );
    expect(generatedText({ company: null, period, generatedAt: '2026-11-01T05:00:00Z' })).toBe(
      '01/11/2026 05:00 (UTC)',
    );
    expect(generatedText({ company: null, period, generatedAt: '2026-11-01T06:00:00+01:00' })).toBe(
      '01/11/2026 06:00 (UTC+01:00)',
    );
  });

  it('write numbers with the language’s decimal mark, and "—" for none', () => {
    expect(percentText(87.5, 'es')).toBe('87,5');
    expect(percentText(87.5, 'en')).toBe('87.5');
    expect(percentText(null, 'es')).toBe('—');
    expect(levelText(1234.5678, 'm', 'es')).toBe('1234,568 m');
    expect(levelText(12345.5, 'm', 'en')).toBe('12,345.5 m');
    expect(totalText(12.345, 'rain', 'es')).toBe('12,35 mm');
    expect(totalText(3, 'volume', 'en')).toBe('3 m³');
    expect(totalText(null, null, 'en')).toBe('—');
  });
});
