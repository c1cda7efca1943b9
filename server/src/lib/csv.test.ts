import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('parseCsv (csv-parse)', () => {
  it('reads commas, quotes, doubled quotes and CRLF, skipping blank lines', () => {
    expect(fields('a,b,c\r\n1,"x, y","say ""hi"""\r\n\r\n2,,z\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', '', 'z'],
    ]);
  });

  it('guesses the semicolon of Spanish spreadsheets and drops a BOM', () => {
    expect(fields('\uFEFFserie;modelo\nA1;"PLS-C; v2"')).toEqual([
      ['serie', 'modelo'],
      ['A1', 'PLS-C; v2'],
    ]);
  });

  it('numbers each record by the line it starts on, blank lines and line breaks in quotes counted', () => {
    const records = parseCsv('serial;location\r\n\r\nA1;"Nave 2\nestante 3"\n;\nA2;almacén\rA3;x');
    expect(records.map((r) => r.line)).toEqual([1, 3, 6, 7]);
    expect(records[1]!.fields).toEqual(['A1', 'Nave 2\nestante 3']);
    // a row of empty fields (";") carries no device
    expect(records.map((r) => r.fields[0])).toEqual(['serial', 'A1', 'A2', 'A3']);
  });

  it('takes rows shorter or longer than the header, and a stray quote inside a field as text', () => {
    expect(fields('a,b\n1\n2,3,4\n5,x"y')).toEqual([['a', 'b'], ['1'], ['2', '3', '4'], ['5', 'x"y']]);
  });

  it('refuses a quote left open, naming the line the reading stopped at', () => {
    const read = () => parseCsv('a,b\n1,"open\n2,3\n');
    expect(read).toThrow(CsvSyntaxError);
    expect(read).toThrow(expect.objectContaining({ line: 3 }));
  });
});
