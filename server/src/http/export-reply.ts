/** Sends a table export as CSV or XLSX, or several files as one ZIP (docs/API.md "Exports"). */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ExportFormat } from '@aforo/contracts/common/export';
import type { CsvSeparator, DecimalMark } from '../lib/csv-writer';
import { csvStream, prefetched, type TableExport } from '../lib/table-export';
import { xlsxMimeType, xlsxStream } from '../lib/xlsx-writer';
import { zipMimeType, zipStream, type ZipEntry } from '../lib/zip-writer';

export interface TableFileOptions {
  /** The file's name without its extension, in safe characters (lib/table-export.ts fileNamePart). */
  filename: string;
  format: ExportFormat;
  separator: CsvSeparator;
  decimal: DecimalMark;
}

const attachment = (reply: FastifyReply, filename: string) =>
  reply.header('content-disposition', `attachment; filename="${filename}"`);

/** The table as the chosen file, streamed; the first batch is read before the status is sent. */
export async function sendTableExport<Row>(
  reply: FastifyReply,
  table: TableExport<Row>,
  options: TableFileOptions,
): Promise<FastifyReply> {
  const ready = { ...table, batches: await prefetched(table.batches) };
  if (options.format === 'xlsx') {
    const body = xlsxStream(ready, (error) => reply.log.error({ err: error }, 'XLSX export cut'));
    return attachment(reply.type(xlsxMimeType), `${options.filename}.xlsx`).send(body);
  }
  const body = csvStream(ready, options);
  return attachment(reply.type('text/csv; charset=utf-8'), `${options.filename}.csv`).send(body);
}

/** Several files in one ZIP, each read when the archive reaches it. */
export function sendZip(reply: FastifyReply, filename: string, entries: readonly ZipEntry[]) {
  const body = zipStream(entries, (error) => reply.log.error({ err: error }, 'ZIP export cut'));
  return attachment(reply.type(zipMimeType), filename).send(body);
}

/** The OpenAPI description of a table export's answer. */
export const tableExportResponse = {
  description:
    'CSV (UTF-8 with BOM) or XLSX (format=xlsx), streamed in batches of 1000 rows; the file name in ' +
    'Content-Disposition',
  content: {
    'text/csv': { schema: z.string() },
    [xlsxMimeType]: { schema: z.string() },
  },
};

/** Stored bytes as an attachment, sent as they are. */
export function sendStoredFile(
  reply: FastifyReply,
  name: string,
  type: string,
  bytes: Uint8Array,
): FastifyReply {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(Buffer.from(bytes));
}
