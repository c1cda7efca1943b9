/** The report files (docs/REPORTS.md "Report files"): what the report routes send, per format. */
export { levelReportZip } from './level-zip';
export { levelZipEntryNames, reportFileName, reportMimeType, reportMimeTypes } from './file-names';
export type { ReportKind } from './labels';
export { levelReportCsv, monthlyReportCsv, quarterlyReportCsv } from './report-csv';
export { levelReportPdf, monthlyReportPdf, quarterlyReportPdf } from './report-pdf';
export type { ReportRenderOptions } from './report-text';
export { levelReportXlsx, monthlyReportXlsx, quarterlyReportXlsx } from './report-xlsx';
