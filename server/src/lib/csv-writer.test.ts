import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { csvLine } from './csv-writer';

describe('csvLine', () => {
  it('quotes separators, quotes and line breaks, and reads back with parseCsv', () => {
    const line = csvLine(['a,b', 'say "hi"', 'two\nlines', 1.5, null, new Date('2026-01-01T00:00:00Z')]);
    expect(line).toBe('"a,b","say ""hi""","two\nlines",1.5,,2026-01-01T00:00:00.000Z\r\n');
    expect(parseCsv(`x,y,z,n,e,d\r\n${line}`)[1]).toEqual([
      'a,b',
      'say "hi"',
      'two\nlines',
      '1.5',
      '',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect(csvLine(['a;b', 'c,d'], ';')).toBe('"a;b";c,d\r\n');
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '@a', -2])).toBe(`"'=HYPERLINK(""x"")",'+1,'@a,-2\r\n`);
  });
});
