/**
 * The level report's export (docs/REPORTS.md "Level summary"): one ZIP with the daily levels as CSV
 * and the summary as XLSX, named in the reader's language (./file-names.ts).
 */
import { ZipFile } from 'yazl';
import type { LevelReport } from '@aforo/contracts/reports';
import { levelZipEntryNames } from './file-names';
import { levelReportCsv } from './report-csv';
import type { ReportRenderOptions } from './report-text';
import { levelReportXlsx } from './report-xlsx';
import { withEntryTimes } from './zip-times';

/** The archive whole (both files are built in memory anyway); same report, same bytes. */
export async function levelReportZip(report: LevelReport, options: ReportRenderOptions): Promise<Buffer> {
  const names = levelZipEntryNames(report, options.lang);
  const csv = Buffer.from(levelReportCsv(report, options), 'utf8');
  const xlsx = await levelReportXlsx(report, options);
  const mtime = new Date(report.generatedAt);
  const zip = new ZipFile();
  zip.addBuffer(csv, names.csv, { mtime });
  // an XLSX is itself deflated: stored as is
  zip.addBuffer(xlsx, names.xlsx, { mtime, compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  // yazl writes the MS-DOS stamp on the server's local clock: set it from the report instead
  return withEntryTimes(Buffer.concat(chunks), mtime);
}
