/** RFC 4180 lines for the streamed exports; spreadsheet formulas in text cells are neutralised. */
import { plainNumber } from '@aforo/contracts/format';

export type CsvSeparator = ',' | ';';
export type DecimalMark = '.' | ',';
export type CsvValue = string | number | boolean | Date | null | undefined;

// a text starting with one of these runs as a formula in a spreadsheet (CSV injection)
const formulaStart = /^[=+\-@\t\r]/;

function text(value: CsvValue, decimal: DecimalMark): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return plainNumber(value, decimal);
  if (typeof value !== 'string') return String(value);
  return formulaStart.test(value) ? `'${value}` : value;
}

function cell(value: CsvValue, separator: CsvSeparator, decimal: DecimalMark): string {
  const written = text(value, decimal);
  // a decimal comma inside a comma-separated line is quoted like any other separator
  const quoted = written.includes(separator) || /["\r\n]/.test(written);
  return quoted ? `"${written.replaceAll('"', '""')}"` : written;
}

/** One line, CRLF-terminated; numbers with `decimal` as their decimal mark. */
export function csvLine(
  values: readonly CsvValue[],
  separator: CsvSeparator = ',',
  decimal: DecimalMark = '.',
): string {
  return `${values.map((v) => cell(v, separator, decimal)).join(separator)}\r\n`;
}
