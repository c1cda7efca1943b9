/**
 * The names and MIME types of the report downloads (docs/REPORTS.md "Report files"), in the
 * reader's language: informe-mensual-2026-10.pdf, monthly-report-2026-10.pdf.
 */
import type { Language } from '@aforo/contracts/constants';
import type { ReportFormat } from '@aforo/contracts/reports';
import { fileNamePart } from '../../lib/table-export';
import { xlsxMimeType } from '../../lib/xlsx-writer';
import { zipMimeType } from '../../lib/zip-writer';
import { reportLabels, type ReportKind } from './labels';

export interface ReportPeriodOf {
  period: { label: string; from: string; to: string };
}

export const reportMimeTypes: Record<ReportFormat, string> = {
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: xlsxMimeType,
  zip: zipMimeType,
};

export function reportMimeType(format: ReportFormat): string {
  return reportMimeTypes[format];
}

/** "2026-10", "2026-Q4", or "2026-10-01-2026-11-30" for a range (the level report's). */
function periodPart(kind: ReportKind, report: ReportPeriodOf): string {
  const { label, from, to } = report.period;
  return fileNamePart(kind === 'level' ? `${from}-${to}` : label, from);
}

export function reportFileName(
  kind: ReportKind,
  report: ReportPeriodOf,
  format: ReportFormat,
  lang: Language,
): string {
  return `${reportLabels[lang].fileStem[kind]}-${periodPart(kind, report)}.${format}`;
}

/** The two files of the level ZIP: niveles-diarios-<from>-<to>.csv and resumen-<from>-<to>.xlsx. */
export function levelZipEntryNames(report: ReportPeriodOf, lang: Language): { csv: string; xlsx: string } {
  const labels = reportLabels[lang];
  const range = periodPart('level', report);
  return { csv: `${labels.dailyLevelsFile}-${range}.csv`, xlsx: `${labels.summaryFile}-${range}.xlsx` };
}
