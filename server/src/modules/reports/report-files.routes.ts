/**
 * A report as the file asked for with `format` (docs/REPORTS.md "Report files"): rendered from the
 * same report object the JSON answer is, so screen, download and API never disagree.
 */
import type { FastifyReply } from 'fastify';
import { sendStoredFile } from '../../http/export-reply';
import type { Language } from '@aforo/contracts/constants';
import type { LevelReport, MonthlyReport, QuarterlyReport, ReportFormat } from '@aforo/contracts/reports';
import {
  levelReportCsv,
  levelReportPdf,
  levelReportXlsx,
  levelReportZip,
  monthlyReportCsv,
  monthlyReportPdf,
  monthlyReportXlsx,
  quarterlyReportCsv,
  quarterlyReportPdf,
  quarterlyReportXlsx,
  reportFileName,
  reportMimeType,
  type ReportRenderOptions,
} from '../../reporting/render';

export type FileFormat = Exclude<ReportFormat, 'json'>;

type Kinds = { monthly: MonthlyReport; quarterly: QuarterlyReport; level: LevelReport };
type Renderers<R> = Partial<
  Record<FileFormat, (report: R, options: ReportRenderOptions) => Promise<Buffer> | string>
>;

const renderers: { [K in keyof Kinds]: Renderers<Kinds[K]> } = {
  monthly: { pdf: monthlyReportPdf, csv: monthlyReportCsv, xlsx: monthlyReportXlsx },
  quarterly: { pdf: quarterlyReportPdf, csv: quarterlyReportCsv, xlsx: quarterlyReportXlsx },
  level: { pdf: levelReportPdf, csv: levelReportCsv, xlsx: levelReportXlsx, zip: levelReportZip },
};

/** Renders the report as `format` and sends it as an attachment named in the reader's language. */
export async function sendReportFile<K extends keyof Kinds>(
  reply: FastifyReply,
  kind: K,
  report: Kinds[K],
  query: { format: FileFormat; separator: ',' | ';'; decimal: '.' | ',' },
  lang: Language,
): Promise<FastifyReply> {
  const render = (renderers[kind] as Renderers<Kinds[K]>)[query.format]!;
  const body = await render(report, { lang, separator: query.separator, decimal: query.decimal });
  const name = reportFileName(kind, report, query.format, lang);
  return reply
    .type(reportMimeType(query.format))
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(body);
}

/** A closed month's stored file, as it was frozen (docs/REPORTS.md "Month close and revisions"). */
export function sendFrozenFile(
  reply: FastifyReply,
  report: MonthlyReport,
  format: 'pdf' | 'xlsx',
  bytes: Uint8Array,
  lang: Language,
): FastifyReply {
  return sendStoredFile(
    reply,
    reportFileName('monthly', report, format, lang),
    reportMimeType(format),
    bytes,
  );
}
