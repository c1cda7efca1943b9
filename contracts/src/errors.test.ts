import { describe, expect, it } from 'vitest';
import { errorAreas, errorCatalog, errorCodes, errorMessage, fieldMessages } from './errors';

const range = (prefix: string, from: number, to: number, width = 4) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`);

describe('error catalogue', () => {
  it('holds every code of docs/VALIDATION.md', () => {
    const spec = [
      'E1000',
      ...range('B', 1000, 1006),
      'DR1000',
      'DR1002',
      ...range('EQ', 1000, 1019),
      ...range('FM', 1001, 1006),
      ...range('ME', 1000, 1002),
      ...range('POM', 1000, 1011),
      ...range('MO', 1000, 1003),
      ...range('OM', 1000, 1012),
      ...range('PR', 1000, 1004),
      ...range('CO', 1001, 1006),
      'BP1000',
      'BP0001',
      'R1000',
      'BC1000',
      'S1000',
      ...range('U', 1000, 1013),
      ...range('CU', 1000, 1006),
      ...range('NE', 1000, 1006),
      'PU1010',
      'PU1000',
      'PU1001',
      'SET1004',
      'SEQ1001',
      'SET1002',
      'SET1005',
      'SET1006',
      'UP1003',
      ...range('UP', 1011, 1014),
    ];
    expect(spec.filter((c) => !errorCodes.includes(c as never))).toEqual([]);
  });

  it('has an English and a different Spanish text for every code', () => {
    for (const code of errorCodes) {
      const entry = errorCatalog[code];
      expect(entry.en.length, code).toBeGreaterThan(5);
      expect(entry.es.length, code).toBeGreaterThan(5);
      expect(entry.es, code).not.toBe(entry.en);
    }
  });

  it('defines each code in one area only (a spread would silently keep the last)', () => {
    const defined = Object.values(errorAreas).flatMap((area) => Object.keys(area));
    expect(defined.filter((code, i) => defined.indexOf(code) !== i)).toEqual([]);
    expect(defined.length).toBe(errorCodes.length);
  });

  it('keeps 500 for E1000 only', () => {
    expect(errorCodes.filter((c) => errorCatalog[c].status === 500)).toEqual(['E1000']);
  });

  it('keeps 503 for "try again later": E1001 (the database cannot be reached) and IN1002 (measures not stored)', () => {
    expect(errorCodes.filter((c) => errorCatalog[c].status === 503).sort()).toEqual(['E1001', 'IN1002']);
  });

  it('has the spec texts for the suspended and expired-session messages', () => {
    expect(errorMessage('AU1001', 'en')).toBe(
      'Your account has been suspended. Contact the system administrator for support.',
    );
    expect(errorMessage('AU1002', 'en')).toBe('Your session has expired. Please log in again.');
    expect(fieldMessages.required.en).toBe('This is a required field');
  });
});
