/**
 * GET /api/points/:id/series/export: what the point chart shows, as a file (docs/API.md "Exports").
 * The series query (port, from, to, buckets) gives the same rows as GET /api/points/:id/series —
 * single measures, or average, min, max, count and worst flag per bucket — without the gap rows;
 * format, separator and decimal mark as the measures export.
 */
import type { z } from 'zod';
import { tableExportQueryShape } from './common/export';
import { pointSeriesQuerySchema } from './point-series';

export const pointSeriesExportQuerySchema = pointSeriesQuerySchema.extend(tableExportQueryShape);
export type PointSeriesExportQuery = z.output<typeof pointSeriesExportQuerySchema>;
