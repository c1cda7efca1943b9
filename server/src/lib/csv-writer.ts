/** RFC 4180 lines for the streamed exports; spreadsheet formulas in text cells are neutralised. */

export type CsvSeparator = ',' | ';';
export type CsvValue = string | number | boolean | Date | null | undefined;

// a text starting with one of these runs as a formula in a spreadsheet (CSV injection)
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: CsvValue, separator: CsvSeparator): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  const quoted = text.includes(separator) || /["\r\n]/.test(text);
  return quoted ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[], separator: CsvSeparator = ','): string {
  return `${values.map((v) => cell(v, separator)).join(separator)}\r\n`;
}
