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

export async function sendCsv<Row>(reply: FastifyReply, csv: CsvExport<Row>): Promise<FastifyReply> {
  const separator = csv.separator ?? ',';
  const text = (rows: readonly Row[]) => rows.map((r) => csvLine(csv.cells(r), separator)).join('');
  const batches = csv.batches[Symbol.asyncIterator]();
  // the first batch is read before the status is sent: a failing query still answers as an error
  const first = await batches.next();
  async function* lines(): AsyncGenerator<string> {
    // the byte-order mark tells spreadsheets the file is UTF-8 (accents in Spanish names)
    yield `\uFEFF${csvLine(csv.header, separator)}`;
    for (let batch = first; !batch.done; batch = await batches.next()) yield text(batch.value);
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
