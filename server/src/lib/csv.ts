/**
 * Reading an uploaded CSV (the device import) with csv-parse: RFC 4180 quoting, a byte-order mark,
 * CRLF, LF or CR line ends (mixed too), and `,` or `;` between fields, guessed from the header line
 * (Spanish spreadsheets save with `;`).
 */
import { CsvError, parse, type Info } from 'csv-parse/sync';

export interface CsvRecord {
  /** The line of the file the record starts on (1 = the header), blank lines counted. */
  line: number;
  fields: string[];
}

/** The text cannot be read as CSV (a quote left open); `line` is where the parser stopped. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** The separator the header uses most: `;` only when it has more of them than of `,`. */
function separatorOf(text: string): ',' | ';' {
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const lineBreaks = (field: string) => field.match(/\r\n|\n|\r/g)?.length ?? 0;

/** Every record that holds something (blank and all-empty lines carry no device), header first. */
export function parseCsv(text: string): CsvRecord[] {
  // with `info` every record comes as { record, info } (csv-parse's types describe only string[][])
  let parsed: { record: string[]; info: Info }[];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      // a spreadsheet row may be shorter or longer than the header; a stray quote inside a field is text
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError(Number(error.lines) || 1, error.message);
    throw error;
  }
  return (
    parsed
      .filter(({ record }) => record.some((field) => field.trim() !== ''))
      // info.lines is the record's last line: a quoted field may span several
      .map(({ record, info }) => ({
        line: info.lines - record.reduce((n, field) => n + lineBreaks(field), 0),
        fields: record,
      }))
  );
}
