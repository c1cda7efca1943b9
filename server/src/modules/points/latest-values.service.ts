/** The latest value of every series of the current company's points (issue 13 item 8). */
import { maxLatestValues, type LatestValue, type LatestValues } from '@aforo/contracts/latest-values';
import { assertCan } from '../../core/access';
import type { RequestContext } from '../../core/request-context';
import { readable } from '../../lib/conversion';
import type { LatestValuesCache } from './latest-values.cache';
import { createLatestValuesRepository, type LatestValueRow } from './latest-values.repository';
import type { Deps } from '../../deps';

const toItem = (r: LatestValueRow): LatestValue => ({
  pointId: r.pointId,
  port: r.port,
  ts: new Date(Number(r.ms)).toISOString(),
  value: readable(r.value === null ? null : Number(r.value)),
  flag: Number(r.flag),
  level: r.level,
});

/**
 * With a cache (latest-values.cache.ts) the items come from memory kept current by the events, and
 * only the points changed since the last call are read; without, every call reads them all.
 */
export function createLatestValuesService(
  { db }: Pick<Deps, 'db'>,
  options: { cache?: LatestValuesCache<LatestValue> } = {},
) {
  const repo = createLatestValuesRepository(db);
  const source = {
    all: async (companyId: string, limit: number) => (await repo.list({ companyId }, limit)).map(toItem),
    some: async (companyId: string, pointIds: string[]) => {
      const { rows, members } = await repo.some(companyId, pointIds);
      return { rows: rows.map(toItem), members };
    },
  };

  return {
    async list(ctx: RequestContext): Promise<LatestValues> {
      assertCan(ctx, 'monitoring.read');
      // one row more than the bound tells "truncated" without counting
      const limit = maxLatestValues + 1;
      const items =
        options.cache && ctx.companyId !== null
          ? await options.cache.list(ctx.companyId, source, limit)
          : (await repo.list(ctx, limit)).map(toItem);
      return { items: items.slice(0, maxLatestValues), truncated: items.length > maxLatestValues };
    },
  };
}
export type LatestValuesService = ReturnType<typeof createLatestValuesService>;
