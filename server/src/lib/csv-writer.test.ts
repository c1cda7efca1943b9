import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-writer';

describe('csvLine', () => {
  it('quotes separators, quotes and line breaks, and reads back with csv-parse', () => {
    const line = csvLine(['a,b', 'say "hi"', 'two\nlines', 1.5, null, new Date('2026-01-01T00:00:00Z')]);
    expect(line).toBe('"a,b","say ""hi""","two\nlines",1.5,,2026-01-01T00:00:00.000Z\r\n');
    expect(parse(`x,y,z,n,e,d\r\n${line}`)[1]).toEqual([
      'a,b',
      'say "hi"',
      'two\nlines',
      '1.5',
      '',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect(csvLine(['a;b', 'c,d'], ';')).toBe('"a;b";c,d\r\n');
  });

  it('writes a decimal comma: bare with `;`, quoted with `,`', () => {
    const values = ['Río', 1.198, -0.5, 12_345.678, 3, -0];
    const semicolon = csvLine(values, ';', ',');
    expect(semicolon).toBe('Río;1,198;-0,5;12345,678;3;0\r\n');
    expect(parse(semicolon, { delimiter: ';' })).toEqual([['Río', '1,198', '-0,5', '12345,678', '3', '0']]);
    const comma = csvLine(values, ',', ',');
    expect(parse(comma)).toEqual([['Río', '1,198', '-0,5', '12345,678', '3', '0']]);
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '@a', -2])).toBe(`"'=HYPERLINK(""x"")",'+1,'@a,-2\r\n`);
  });
});
