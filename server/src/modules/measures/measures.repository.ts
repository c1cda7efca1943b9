/**
 * SQL for reading measures. Every list is bounded by one point or one device and a time range, so
 * it runs on the (point_id, port, ts) index or the (device_id, port, ts) primary key and only the
 * partitions of the range: never a scan of the whole table.
 */
import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { MeasureListQuery } from '@aforo/contracts/measures';
import type { Db } from '../../db/client';
import { devices, measurementPoints, measures } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export type MeasureRow = typeof measures.$inferSelect & {
  deviceSerial: string | null;
  pointName: string | null;
};

/** What the list reads once the service has checked the point/device and settled the range. */
export interface MeasureFilter {
  pointId?: string;
  deviceId?: string;
  from: Date;
  to: Date;
  port?: string;
  flag?: number;
  /** Company users: only measures taken at their company's points. */
  onlyPointsOf?: Scope;
}

export function createMeasuresRepository(db: Db) {
  return {
    async list(filter: MeasureFilter, query: Pick<MeasureListQuery, 'page' | 'length' | 'dir'>) {
      const where = and(
        filter.pointId ? eq(measures.pointId, filter.pointId) : undefined,
        filter.deviceId ? eq(measures.deviceId, filter.deviceId) : undefined,
        filter.port ? eq(measures.port, filter.port) : undefined,
        // the range prunes partitions and bounds the index scan
        gte(measures.ts, filter.from),
        lte(measures.ts, filter.to),
        filter.flag !== undefined ? eq(measures.flag, filter.flag) : undefined,
        filter.onlyPointsOf ? inArray(measures.pointId, pointsOf(filter.onlyPointsOf)) : undefined,
      );
      const byTs = query.dir === 'ASC' ? asc(measures.ts) : desc(measures.ts);
      const rows = await db
        .select({ measure: measures, deviceSerial: devices.serial, pointName: measurementPoints.name })
        .from(measures)
        .leftJoin(devices, eq(devices.id, measures.deviceId))
        .leftJoin(measurementPoints, eq(measurementPoints.id, measures.pointId))
        .where(where)
        .orderBy(byTs, asc(measures.port), asc(measures.deviceId))
        .limit(query.length)
        .offset((query.page - 1) * query.length);
      const [total] = await db.select({ n: count() }).from(measures).where(where);
      return {
        rows: rows.map(({ measure, ...names }): MeasureRow => ({ ...measure, ...names })),
        total: total?.n ?? 0,
      };
    },
  };

  function pointsOf(scope: Scope) {
    return db
      .select({ id: measurementPoints.id })
      .from(measurementPoints)
      .where(inCompany(scope, measurementPoints.companyId));
  }
}
export type MeasuresRepository = ReturnType<typeof createMeasuresRepository>;
