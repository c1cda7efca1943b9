/**
 * The point chart's export (docs/WEB.md, docs/API.md "Exports"): the very rows GET
 * /api/points/:id/series answers for the same port, range and buckets — single measures, or
 * average, min, max, count and worst flag per bucket — without the gap rows, as a table for CSV or
 * XLSX. Access is the series' own: monitoring.read and the point in the caller's company.
 */
import type { Language } from '@aforo/contracts/constants';
import { measureResolution } from '@aforo/contracts/measures';
import type { PointSeriesRow } from '@aforo/contracts/point-series';
import type { PointSeriesExportQuery } from '@aforo/contracts/point-series-export';
import { NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { fileNamePart, type TableColumn, type TableExport } from '../../lib/table-export';
import { zoneClock } from '../../lib/zone-clock';
import { createPointSeriesExportRepository } from './point-series-export.repository';
import { createPointSeriesService } from './point-series.service';
import type { Deps } from '../../deps';

const titles = {
  es: { ts: 'Fecha ({zone})', value: 'Valor', min: 'Mín.', max: 'Máx.', count: 'Medidas', flag: 'Calidad' },
  en: { ts: 'Time ({zone})', value: 'Value', min: 'Min', max: 'Max', count: 'Measures', flag: 'Quality' },
} satisfies Record<Language, Record<string, string>>;

/** Time, value, min, max, count, flag; values in the series' unit, rounded to measureResolution. */
export function seriesColumns(lang: Language, timeZone: string, unit: string): TableColumn<PointSeriesRow>[] {
  const text = titles[lang];
  const withUnit = (title: string) => (unit ? `${title} (${unit})` : title);
  const value = { kind: 'number', resolution: measureResolution } as const;
  return [
    { key: 'ts', title: text.ts.replace('{zone}', timeZone), kind: 'time', value: (r) => new Date(r.ts) },
    { key: 'value', title: withUnit(text.value), ...value, value: (r) => r.value },
    { key: 'min', title: withUnit(text.min), ...value, value: (r) => r.min },
    { key: 'max', title: withUnit(text.max), ...value, value: (r) => r.max },
    { key: 'count', title: text.count, kind: 'integer', value: (r) => r.count },
    { key: 'flag', title: text.flag, kind: 'integer', value: (r) => r.flag },
  ];
}

export function createPointSeriesExportService(deps: Pick<Deps, 'db' | 'reads'>) {
  const series = createPointSeriesService(deps);
  const repo = createPointSeriesExportRepository(deps.db);

  return {
    /** The chart's table and its file name ("Rio-Gallego_ai1_2026-11-17_2026-11-24", local days). */
    async table(
      ctx: RequestContext,
      pointId: string,
      query: PointSeriesExportQuery,
    ): Promise<{ table: TableExport<PointSeriesRow>; filename: string }> {
      // the series checks the right, the point's company, the range and the port
      const { points, port, unit } = await series.get(ctx, pointId, query);
      const point = await repo.pointLabel(ctx, pointId);
      if (!point) throw new NotFoundError('POM1000');
      const clock = zoneClock(point.timeZone);
      const day = (at: Date) => clock.iso(at).slice(0, 10);
      const rows = points.filter((r) => r.count > 0);
      return {
        table: {
          sheetName: point.name,
          columns: seriesColumns(ctx.lang, point.timeZone, unit),
          batches: (async function* () {
            yield rows;
          })(),
          clock,
        },
        filename: [fileNamePart(point.name, 'point'), port ?? 'series', day(query.from), day(query.to)].join(
          '_',
        ),
      };
    },
  };
}
export type PointSeriesExportService = ReturnType<typeof createPointSeriesExportService>;
