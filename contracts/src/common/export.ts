/**
 * The options of a file export shared by the measures, the point chart and (later) the reports
 * (docs/API.md "Exports"): which file, and how a CSV writes its numbers.
 */
import { z } from 'zod';
import { csvSeparatorSchema } from './paging';

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** csv (default) or xlsx (numbers and dates as spreadsheet cells, headers in the caller's language). */
export const exportFormatSchema = z.enum(exportFormats).default('csv');

/** The decimal mark of a CSV's numbers; `,` goes with the `;` separator in Spanish spreadsheets. */
export const decimalMarkSchema = z.enum(['.', ',']).default('.');
export type DecimalMark = z.output<typeof decimalMarkSchema>;

/** format, separator and decimal mark: the query fields of a table export. */
export const tableExportQueryShape = {
  format: exportFormatSchema,
  separator: csvSeparatorSchema,
  decimal: decimalMarkSchema,
};
