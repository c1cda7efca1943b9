/**
 * The chart series of a point's port (docs/DATA-MODEL.md, docs/WEB.md): raw measures when the range holds no more
 * than the requested buckets, otherwise min/max/avg/count/worst flag per time bucket, with explicit
 * gap rows so any client draws missing data as a break in the line.
 */
import {
  maxSeriesRangeSeconds,
  seriesBucketSeconds,
  seriesGapFactor,
  type PointSeries,
  type PointSeriesQuery,
  type PointSeriesRow,
} from '@aforo/contracts/point-series';
import { portTypes, type PortType } from '@aforo/contracts/models';
import { portParametersSchema, type PortParameters } from '@aforo/contracts/point-parameters';
import { assertCan, createAccess } from '../../core/access';
import { AppError, NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { readable } from '../../lib/conversion';
import { createPointSeriesRepository, type BucketRow, type RawMeasureRow } from './point-series.repository';
import type { Deps } from '../../deps';

interface SeriesPort {
  key: string;
  label: string | null;
  type: PortType | null;
}

/** The point's parameters by port; an entry that no longer parses counts as empty. */
function portParameters(parameters: unknown): Map<string, PortParameters | null> {
  const entries = parameters && typeof parameters === 'object' ? Object.entries(parameters) : [];
  return new Map(
    entries.map(([key, value]) => {
      const parsed = portParametersSchema.safeParse(value);
      return [key, parsed.success ? parsed.data : null];
    }),
  );
}

/**
 * Every port the point knows, in the order the default is chosen from: its parameters, then the
 * installed device's model, then the ports measured (most recent first).
 */
export function seriesPorts(
  parameters: Map<string, PortParameters | null>,
  modelPorts: unknown[],
  measured: string[],
): SeriesPort[] {
  const ports = new Map<string, SeriesPort>();
  const add = (key: string, label: string | null, type: PortType | null = null) => {
    const known = ports.get(key);
    if (!known) ports.set(key, { key, label, type });
    else {
      if (!known.label && label) known.label = label;
      known.type ??= type;
    }
  };
  const isPortType = (type: unknown): type is PortType => (portTypes as readonly unknown[]).includes(type);
  for (const [key, p] of parameters) add(key, p?.label ?? null);
  for (const port of modelPorts) {
    const { key, label, type } = (port ?? {}) as { key?: unknown; label?: unknown; type?: unknown };
    // the type lets the point form show each port's own fields (client roles do not read models)
    if (typeof key === 'string')
      add(key, typeof label === 'string' && label ? label : null, isPortType(type) ? type : null);
  }
  for (const key of measured) add(key, null);
  return [...ports.values()];
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Inserts one gap row (all values null) wherever two consecutive rows are further apart than
 * seriesGapFactor expected intervals. The expected interval is the largest of `minIntervalSeconds`
 * (measure time, bucket width) and the median spacing of the rows, so a device reporting less often
 * than its point's measure time is not drawn as isolated dots.
 */
export function withGaps(rows: PointSeriesRow[], minIntervalSeconds: number): PointSeriesRow[] {
  if (rows.length < 2) return rows;
  const times = rows.map((r) => Date.parse(r.ts));
  const spacings = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
  const expected = Math.max(minIntervalSeconds, median(spacings));
  const limitMs = seriesGapFactor * expected * 1000;
  const out: PointSeriesRow[] = [rows[0]!];
  for (let i = 1; i < rows.length; i++) {
    if (times[i]! - times[i - 1]! > limitMs) {
      const ts = new Date(times[i - 1]! + expected * 1000).toISOString();
      out.push({ ts, value: null, min: null, max: null, count: 0, flag: null });
    }
    out.push(rows[i]!);
  }
  return out;
}

const fromRaw = (r: RawMeasureRow): PointSeriesRow => {
  const value = readable(r.value);
  return { ts: r.ts.toISOString(), value, min: value, max: value, count: 1, flag: r.flag };
};

const fromBucket = (r: BucketRow): PointSeriesRow => ({
  ts: r.ts.toISOString(),
  value: readable(r.avg),
  min: readable(r.min),
  max: readable(r.max),
  count: r.count,
  flag: r.flag,
});

export function createPointSeriesService({ db, reads }: Pick<Deps, 'db' | 'reads'>) {
  // the point's row and the access check on the primary (a point just made or edited is seen at
  // once); the measures, the heavy part, where the heavy reads go (a read replica may lag)
  const repo = createPointSeriesRepository(db);
  const measuresRepo = createPointSeriesRepository(reads.db);
  const access = createAccess(db);

  return {
    /** The one read of a chart for every caller: the right, then the access function for the point. */
    async get(ctx: RequestContext, pointId: string, query: PointSeriesQuery): Promise<PointSeries> {
      assertCan(ctx, 'monitoring.read');
      await access.assertPoint(ctx.caller, pointId);
      const { from, to, buckets } = query;
      if (from.getTime() >= to.getTime()) throw new AppError('ME1001');
      const rangeSeconds = (to.getTime() - from.getTime()) / 1000;
      if (rangeSeconds > maxSeriesRangeSeconds) throw new AppError('DR1003');
      const point = await repo.findPoint(ctx, pointId);
      if (!point) throw new NotFoundError('POM1000');

      const parameters = portParameters(point.parameters);
      const ports = seriesPorts(parameters, point.modelPorts, point.measuredPorts);
      const port = query.port ?? ports[0]?.key ?? null;
      const params = port ? (parameters.get(port) ?? null) : null;
      const bucketSeconds = seriesBucketSeconds(rangeSeconds, buckets);

      let raw = true;
      let rows: PointSeriesRow[] = [];
      if (port) {
        const range = { pointId: point.id, port, from, to };
        // the hourly rollup counts every stored measure (its trigger), so more than `buckets` in the
        // range's whole hours means downsampled without reading a raw row; otherwise one row more
        // than fits tells "too many for raw" without counting the whole range
        const { atLeast } = await measuresRepo.measureCount(range);
        const measures = atLeast > buckets ? null : await measuresRepo.rawMeasures(range, buckets + 1);
        if (measures && measures.length <= buckets) {
          rows = withGaps(measures.map(fromRaw), point.measureTime);
        } else {
          raw = false;
          // whole-hour buckets come from the hourly rollup: a year of 1-minute data is 8,760 rows, not 525,600
          const read = bucketSeconds % 3600 === 0 ? measuresRepo.hourlyBuckets : measuresRepo.buckets;
          const bucketed = (await read(range, bucketSeconds)).map(fromBucket);
          rows = withGaps(bucketed, Math.max(bucketSeconds, point.measureTime));
        }
      }

      return {
        pointId: point.id,
        port,
        ports,
        unit: params?.calculated_value_unit ?? point.unit,
        from: from.toISOString(),
        to: to.toISOString(),
        bucketSeconds,
        raw,
        measureTime: point.measureTime,
        points: rows,
        thresholds: {
          warningValue: point.warningValue,
          alertValue: point.alertValue,
          warningUpper: params?.warning_upper ?? null,
          warningLower: params?.warning_lower ?? null,
          alertUpper: params?.alert_upper ?? null,
          alertLower: params?.alert_lower ?? null,
        },
        groundLevel: point.groundLevel,
        invertLevel: point.invertLevel,
      };
    },
  };
}
export type PointSeriesService = ReturnType<typeof createPointSeriesService>;
