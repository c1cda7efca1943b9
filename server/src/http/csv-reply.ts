/** Streams a CSV export: batches are read from the database only as fast as the client takes them. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { csvLine, type CsvSeparator, type CsvValue } from '../lib/csv-writer';

export interface CsvExport<Row> {
  filename: string;
  header: readonly string[];
  cells: (row: Row) => readonly CsvValue[];
  batches: AsyncIterable<readonly Row[]>;
  separator?: CsvSeparator;
}

export function sendCsv<Row>(reply: FastifyReply, csv: CsvExport<Row>): FastifyReply {
  const separator = csv.separator ?? ',';
  async function* lines(): AsyncGenerator<string> {
    // the byte-order mark tells spreadsheets the file is UTF-8 (accents in Spanish names)
    yield `\uFEFF${csvLine(csv.header, separator)}`;
    for await (const rows of csv.batches) yield rows.map((r) => csvLine(csv.cells(r), separator)).join('');
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .send(Readable.from(lines()));
}

/** The OpenAPI description of an export's answer. */
export const csvExportResponse = {
  description: 'CSV (UTF-8 with BOM), streamed in batches of 1000 rows',
  content: { 'text/csv': { schema: z.string() } },
};
