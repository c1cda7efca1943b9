/**
 * SQL of the latest values: series_latest joined to the company's live points (index
 * measurement_points_company_idx, then the series_latest primary key), never a scan of measures.
 */
import { sql } from 'drizzle-orm';
import type { AlertLevel } from '@aforo/contracts/constants';
import { idSchema } from '@aforo/contracts/common/ids';
import type { Db } from '../../db/client';
import type { Scope } from '../../db/scope';

export interface LatestValueRow {
  pointId: string;
  port: string;
  /** epoch milliseconds: a float decodes faster than a timestamp on both drivers */
  ms: number;
  value: number | null;
  flag: number;
  level: AlertLevel;
}

/** One series as LatestValueRow: the same columns for the whole read and the cache's refresh. */
const columns = sql`s.port, (extract(epoch from s.ts) * 1000)::float8 as ms,
  s.interpreted as value, s.flag::int as flag, s.alert_level as level`;

export function createLatestValuesRepository(db: Db) {
  return {
    /** Up to `limit` series of the scope's live points, in no order (sorting 5,000 uuids costs more than the rest). */
    async list(scope: Scope, limit: number): Promise<LatestValueRow[]> {
      if (scope.companyId === null) return [];
      const result = await db.execute(sql`
        select s.point_id as "pointId", ${columns}
        from measurement_points p
        join series_latest s on s.point_id = p.id
        where p.company_id = ${scope.companyId} and p.deleted_at is null
        limit ${limit}`);
      return (result as unknown as { rows: LatestValueRow[] }).rows;
    },
    /** The series of these points that are live points of the company (cache refresh), and which are. */
    async some(
      companyId: string,
      pointIds: string[],
    ): Promise<{ rows: LatestValueRow[]; members: string[] }> {
      // ids come from events: anything but a uuid is nobody's point
      const ids = pointIds.filter((id) => idSchema.safeParse(id).success);
      if (ids.length === 0) return { rows: [], members: [] };
      const result = await db.execute(sql`
        select p.id as "pointId", ${columns}
        from measurement_points p
        left join series_latest s on s.point_id = p.id
        where p.company_id = ${companyId} and p.deleted_at is null
          and p.id = any(${sql.param(ids)}::uuid[])`);
      const found = (
        result as unknown as { rows: Array<Omit<LatestValueRow, 'port'> & { port: string | null }> }
      ).rows;
      return {
        rows: found.filter((r): r is LatestValueRow => r.port !== null),
        members: [...new Set(found.map((r) => r.pointId))],
      };
    },
  };
}
export type LatestValuesRepository = ReturnType<typeof createLatestValuesRepository>;
