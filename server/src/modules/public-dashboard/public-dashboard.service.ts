/**
 * The public dashboard (docs/PUBLIC-DASHBOARD.md): a company's public points, their river-level widgets and
 * 7-day charts, for anyone. The caller is `{ kind: 'public', companyId }` and the one access function
 * decides which points it sees. Answers are cached per key (≤ 60 s, single-flight, LRU-bounded), so
 * a burst of visitors costs one read per key and minute; unknown slugs and points are cached too.
 */
import type { Language } from '@aforo/contracts/constants';
import { companySlugPattern, companySlugMax } from '@aforo/contracts/companies';
import {
  publicDashboardCacheSeconds,
  publicSeriesBuckets,
  publicSeriesRangeSeconds,
  type PublicDashboard,
  type PublicSeries,
} from '@aforo/contracts/public-dashboard';
import type { AppConfig, Deps } from '../../deps';
import { NotFoundError } from '../../core/errors';
import { publicContext, type RequestContext } from '../../core/request-context';
import { createTtlCache } from '../../lib/ttl-cache';
import { createPointSeriesService } from '../points/point-series.service';
import { createRiverLevelService } from '../river-level/river-level.service';
import {
  toPublicDashboardData,
  toPublicPoint,
  toPublicSeries,
  withDatum,
  type PublicDashboardData,
} from './public-dashboard.mapper';
import { createPublicDashboardRepository, type PublicCompanyRow } from './public-dashboard.repository';

export interface PublicDashboardServiceOptions {
  now?: () => number;
  cacheMs?: number;
  cacheSize?: number;
}

type Cached =
  { kind: 'dashboard'; data: PublicDashboardData } | { kind: 'series'; data: PublicSeries } | null;

// one body for every miss (unknown slug, private or foreign point): nothing tells them apart
const notFound = () => new NotFoundError('PD1000');

export function createPublicDashboardService(
  deps: Pick<Deps, 'db' | 'reads'> & { config: Pick<AppConfig, 'mapTiles'> },
  options: PublicDashboardServiceOptions = {},
) {
  const repo = createPublicDashboardRepository(deps.db);
  // the widgets and charts of the signed-in app, read as the public caller: the same doors
  const riverLevel = createRiverLevelService(deps);
  const pointSeries = createPointSeriesService(deps);
  const tiles = deps.config.mapTiles;
  const now = options.now ?? Date.now;
  const cache = createTtlCache<Cached>({
    ttlMs: options.cacheMs ?? publicDashboardCacheSeconds * 1000,
    maxEntries: options.cacheSize ?? 1000,
    now,
  });

  /** A slug that cannot be one is refused before any cache entry or query. */
  const isSlug = (slug: string) => slug.length <= companySlugMax && companySlugPattern.test(slug);
  const contextOf = (company: PublicCompanyRow): RequestContext => publicContext(company.id);

  async function loadDashboard(slug: string): Promise<Cached> {
    const company = await repo.companyBySlug(slug);
    if (!company) return null;
    const candidates = await repo.companyPoints(company.id);
    const widgets = await riverLevel.list(
      contextOf(company),
      candidates.map((p) => p.id),
    );
    const levels = new Map(widgets.map((l) => [l.pointId, l]));
    const rows = candidates.filter((p) => levels.has(p.id));
    const points = rows.flatMap((row) => {
      const level = levels.get(row.id);
      return level ? [toPublicPoint(row, level)] : [];
    });
    return { kind: 'dashboard', data: toPublicDashboardData(company, points, tiles) };
  }

  async function loadSeries(slug: string, pointId: string, range: '7d'): Promise<Cached> {
    const company = await repo.companyBySlug(slug);
    if (!company) return null;
    const to = new Date(now());
    const from = new Date(to.getTime() - publicSeriesRangeSeconds[range] * 1000);
    const query = { from, to, buckets: publicSeriesBuckets };
    // a point that is not public answers as if it did not exist (PD1000), like an unknown one
    const series = await pointSeries.get(contextOf(company), pointId, query).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    if (!series) return null;
    return { kind: 'series', data: toPublicSeries(series) };
  }

  return {
    async dashboard(slug: string, lang: Language): Promise<PublicDashboard> {
      if (!isSlug(slug)) throw notFound();
      const cached = await cache.get(`dashboard|${slug}`, () => loadDashboard(slug));
      if (cached?.kind !== 'dashboard') throw notFound();
      return withDatum(cached.data, lang);
    },

    async series(slug: string, pointId: string, range: '7d'): Promise<PublicSeries> {
      if (!isSlug(slug)) throw notFound();
      const cached = await cache.get(`series|${slug}|${pointId}|${range}`, () =>
        loadSeries(slug, pointId, range),
      );
      if (cached?.kind !== 'series') throw notFound();
      return cached.data;
    },
  };
}
export type PublicDashboardService = ReturnType<typeof createPublicDashboardService>;
