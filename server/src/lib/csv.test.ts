import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads commas, quotes, doubled quotes and CRLF, skipping blank lines', () => {
    expect(parseCsv('a,b,c\r\n1,"x, y","say ""hi"""\r\n\r\n2,,z\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', '', 'z'],
    ]);
  });

  it('guesses the semicolon of Spanish spreadsheets and drops a BOM', () => {
    expect(parseCsv('\uFEFFserie;modelo\nA1;"PLS-C; v2"')).toEqual([
      ['serie', 'modelo'],
      ['A1', 'PLS-C; v2'],
    ]);
  });
});
