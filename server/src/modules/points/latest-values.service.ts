/** The latest value of every series of the current company's points (issue 13 item 8). */
import { maxLatestValues, type LatestValues } from '@aforo/contracts/latest-values';
import { assertCan } from '../../auth/access';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { readable } from '../../lib/conversion';
import { createLatestValuesRepository } from './latest-values.repository';

export function createLatestValuesService(db: Db) {
  const repo = createLatestValuesRepository(db);

  return {
    async list(ctx: RequestContext): Promise<LatestValues> {
      assertCan(ctx, 'monitoring.read');
      // one row more than the bound tells "truncated" without counting
      const rows = await repo.list(ctx, maxLatestValues + 1);
      const truncated = rows.length > maxLatestValues;
      return {
        items: rows.slice(0, maxLatestValues).map((r) => ({
          pointId: r.pointId,
          port: r.port,
          ts: new Date(Number(r.ms)).toISOString(),
          value: readable(r.value === null ? null : Number(r.value)),
          flag: Number(r.flag),
          level: r.level,
        })),
        truncated,
      };
    },
  };
}
export type LatestValuesService = ReturnType<typeof createLatestValuesService>;
