/**
 * The point chart's export asks the server for exactly what the chart shows (GET
 * /api/points/:id/series/export, docs/API.md "Exports"): the same port and range as the series
 * query, so the same raw measures or buckets, written as CSV or XLSX by the server.
 */
import type { ExportFormat } from '@aforo/contracts/common/export';
import { queryString } from '../../../lib/api';
import type { CsvChoice } from '../../../lib/download';
import type { TimeRange } from './point-chart-data';

/** The export's path under /api; epoch seconds outward-rounded as the series query sends them. */
export function chartExportPath(
  pointId: string,
  port: string | null,
  range: TimeRange,
  format: ExportFormat,
  csv: CsvChoice,
): string {
  const query = {
    port: port ?? undefined,
    from: Math.floor(range.from / 1000),
    to: Math.ceil(range.to / 1000),
    format,
    ...(format === 'csv' ? csv : {}),
  };
  return `/points/${encodeURIComponent(pointId)}/series/export${queryString(query)}`;
}
