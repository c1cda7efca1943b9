/**
 * SQL for reading measures. Every list is bounded by one point or one device and a time range, so
 * it runs on the (point_id, port, ts) index or the (device_id, port, ts) primary key and only the
 * partitions of the range: never a scan of the whole table.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { MeasureListQuery } from '@aforo/contracts/measures';
import type { Db } from '../../db/client';
import { afterCursor, cursorOf, keysetBatches, keysetOrder, type KeyColumn } from '../../db/keyset';
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

// the export's order, the list's too: time, then port and device (the primary key, so unique)
const exportKeys: KeyColumn[] = [
  { column: measures.ts, type: 'timestamptz' },
  { column: measures.port, type: 'text' },
  { column: measures.deviceId, type: 'uuid' },
];

export function createMeasuresRepository(db: Db) {
  function filters(filter: MeasureFilter): SQL | undefined {
    return and(
      filter.pointId ? eq(measures.pointId, filter.pointId) : undefined,
      filter.deviceId ? eq(measures.deviceId, filter.deviceId) : undefined,
      filter.port ? eq(measures.port, filter.port) : undefined,
      // the range prunes partitions and bounds the index scan
      gte(measures.ts, filter.from),
      lte(measures.ts, filter.to),
      filter.flag !== undefined ? eq(measures.flag, filter.flag) : undefined,
      filter.onlyPointsOf ? inArray(measures.pointId, pointsOf(filter.onlyPointsOf)) : undefined,
    );
  }

  const select = () =>
    db
      .select({
        measure: measures,
        deviceSerial: devices.serial,
        pointName: measurementPoints.name,
        cursor: cursorOf(exportKeys),
      })
      .from(measures)
      .leftJoin(devices, eq(devices.id, measures.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, measures.pointId));
  type Selected = Awaited<ReturnType<typeof select>>[number];
  const flat = ({ measure, deviceSerial, pointName }: Selected): MeasureRow => ({
    ...measure,
    deviceSerial,
    pointName,
  });

  return {
    async list(filter: MeasureFilter, query: Pick<MeasureListQuery, 'page' | 'length' | 'dir'>) {
      const where = filters(filter);
      const byTs = query.dir === 'ASC' ? asc(measures.ts) : desc(measures.ts);
      const rows = await select()
        .where(where)
        .orderBy(byTs, asc(measures.port), asc(measures.deviceId))
        .limit(query.length)
        .offset((query.page - 1) * query.length);
      const [total] = await db.select({ n: count() }).from(measures).where(where);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },

    /** Every measure of the filter in batches (keyset paging on the primary key's columns). */
    async *export(filter: MeasureFilter, dir: 'ASC' | 'DESC'): AsyncGenerator<MeasureRow[]> {
      const where = filters(filter);
      const batches = keysetBatches((after, limit) =>
        select()
          .where(and(where, after ? afterCursor(exportKeys, after, dir) : undefined))
          .orderBy(...keysetOrder(exportKeys, dir))
          .limit(limit),
      );
      for await (const rows of batches) yield rows.map(flat);
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
