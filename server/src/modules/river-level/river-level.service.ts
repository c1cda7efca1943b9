/**
 * The river-level widget (docs/PUBLIC-DASHBOARD.md): the latest value of a point's main series against its
 * ground, warning and danger levels, typical range, record high and trend, and the state of the data.
 * Every caller (a user, the public dashboard, an API token) reads through `get` and `list`: the right,
 * then the one access function decides which points it sees.
 */
import { alertLevelRank, worstLevel } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';
import { portParametersSchema } from '@aforo/contracts/point-parameters';
import type { PointKind } from '@aforo/contracts/points';
import {
  riverLevelHistoryDays,
  riverLevelStaleFactor,
  riverLevelTrendSeconds,
  type RiverLevel,
} from '@aforo/contracts/river-level';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { readable } from '../../lib/conversion';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  createRiverLevelRepository,
  type HistoryStats,
  type RiverPointRow,
  type RiverSeriesRow,
} from './river-level.repository';
import type { Deps } from '../../deps';

/** Fewer hourly means than this make no typical range (a new point's first day says little). */
export const minTypicalHours = 24;
const hourMs = 3_600_000;

export interface RiverLevelServiceOptions {
  now?: () => number;
  /** How long a series' history statistics are reused (they move slowly: one hour by default). */
  historyCacheMs?: number;
  historyCacheSize?: number;
}

/** The point's ports in the order of its parameters, each with its port parameters if they parse. */
function parameterPorts(parameters: unknown): Map<string, { unit: string | null }> {
  const entries = parameters && typeof parameters === 'object' ? Object.entries(parameters) : [];
  return new Map(
    entries.map(([key, value]) => {
      const parsed = portParametersSchema.safeParse(value);
      return [key, { unit: parsed.success ? (parsed.data.calculated_value_unit ?? null) : null }];
    }),
  );
}

/** The series the widget shows: the first parameter port that has a value, else the latest measured. */
export function mainSeries(parameterKeys: string[], series: RiverSeriesRow[]): RiverSeriesRow | undefined {
  for (const key of parameterKeys) {
    const found = series.find((s) => s.port === key);
    if (found) return found;
  }
  return [...series].sort((a, b) => b.ts.getTime() - a.ts.getTime() || a.port.localeCompare(b.port))[0];
}

const levelOf = (value: string): AlertLevel => (value in alertLevelRank ? (value as AlertLevel) : 'OK');

export function createRiverLevelService({ db }: Pick<Deps, 'db'>, options: RiverLevelServiceOptions = {}) {
  const repo = createRiverLevelRepository(db);
  const now = options.now ?? Date.now;
  const historyCache = createTtlCache<HistoryStats>({
    ttlMs: options.historyCacheMs ?? hourMs,
    maxEntries: options.historyCacheSize ?? 10_000,
    now,
  });

  function history(pointId: string, port: string): Promise<HistoryStats> {
    const to = new Date(Math.ceil(now() / hourMs) * hourMs);
    const from = new Date(to.getTime() - riverLevelHistoryDays * 86_400_000);
    return historyCache.get(`${pointId}|${port}`, () => repo.history({ pointId, port, from, to }));
  }

  async function build(point: RiverPointRow, series: RiverSeriesRow[]): Promise<RiverLevel> {
    const ports = parameterPorts(point.parameters);
    const main = mainSeries([...ports.keys()], series);
    const port = main?.port ?? [...ports.keys()][0] ?? null;
    const staleAfterSeconds = riverLevelStaleFactor * point.transmission_time;
    let typical: RiverLevel['typical'] = null;
    let record: RiverLevel['record'] = null;
    let trendPerHour: number | null = null;
    if (main) {
      const [stats, trend] = await Promise.all([
        history(point.id, main.port),
        repo.trendPerHour({
          pointId: point.id,
          port: main.port,
          from: new Date(main.ts.getTime() - riverLevelTrendSeconds * 1000),
          to: main.ts,
        }),
      ]);
      if (stats.hours >= minTypicalHours && stats.low !== null && stats.high !== null)
        typical = { low: stats.low, high: stats.high };
      if (stats.record !== null && stats.recordTs)
        record = { value: stats.record, ts: stats.recordTs.toISOString() };
      trendPerHour = readable(trend);
    }
    const ageMs = main ? now() - main.ts.getTime() : Infinity;
    return {
      pointId: point.id,
      name: point.name,
      kind: point.kind as PointKind,
      port,
      unit: (port ? ports.get(port)?.unit : null) ?? point.unit,
      current: main
        ? { value: readable(main.interpreted), ts: main.ts.toISOString(), flag: main.flag }
        : null,
      groundLevel: point.ground_level,
      invertLevel: point.invert_level,
      warningValue: point.warning_value,
      alertValue: point.alert_value,
      typical,
      record,
      trendPerHour,
      level: worstLevel(series.map((s) => levelOf(s.alert_level))),
      state: {
        stale: ageMs > staleAfterSeconds * 1000,
        suspect: main?.flag === 3,
        failed: main?.flag === 4,
        maintenance: point.maintenance,
      },
      staleAfterSeconds,
    };
  }

  /** The widgets of live points among `pointIds`, in their order (ids already visible to the caller). */
  async function forPoints(pointIds: string[]): Promise<RiverLevel[]> {
    const [points, series] = await Promise.all([repo.points(pointIds), repo.series(pointIds)]);
    const byId = new Map(points.map((p) => [p.id, p]));
    const ordered = pointIds.map((id) => byId.get(id)).filter((p) => p !== undefined);
    return Promise.all(
      ordered.map((p) =>
        build(
          p,
          series.filter((s) => s.point_id === p.id),
        ),
      ),
    );
  }

  const access = createAccess(db);
  return {
    async get(ctx: RequestContext, pointId: string): Promise<RiverLevel> {
      assertCan(ctx, 'dashboard.read');
      await access.assertPoint(ctx.caller, pointId);
      const [level] = await forPoints([pointId]);
      if (!level) throw new NotFoundError('POM1000');
      return level;
    },

    /** The widgets of those of `pointIds` the caller may see, in their order. */
    async list(ctx: RequestContext, pointIds: string[]): Promise<RiverLevel[]> {
      assertCan(ctx, 'dashboard.read');
      const visible = await access.visiblePoints(ctx.caller, pointIds);
      return forPoints(pointIds.filter((id) => visible.has(id)));
    },
  };
}
export type RiverLevelService = ReturnType<typeof createRiverLevelService>;
