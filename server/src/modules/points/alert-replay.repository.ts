/**
 * SQL of the alert replay preview: the point (what the alert rules read), its main series and that
 * series' stored measures of a time range. The measure read is an index-only scan of
 * measures_point_port_ts_idx (point_id, port, ts) INCLUDE (interpreted, flag).
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { measurementPoints, measures, seriesLatest } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import type { Sample } from '../../alerting/evaluator';

export type ReplayPointRecord = Pick<
  typeof measurementPoints.$inferSelect,
  | 'id'
  | 'kind'
  | 'alertValue'
  | 'warningValue'
  | 'groundLevel'
  | 'invertLevel'
  | 'alertFlat'
  | 'defaultAmountMeasuresFlat'
  | 'defaultAmountGapMeasureExceed'
  | 'transmissionTime'
  | 'alertOnDelay'
  | 'alertOffDelay'
  | 'alertDeadband'
  | 'parameters'
>;

export function createAlertReplayRepository(db: Db) {
  return {
    /** A live point of the scope's company, with the columns the alert rules read. */
    async findPoint(scope: Scope, id: string): Promise<ReplayPointRecord | undefined> {
      const p = measurementPoints;
      const [row] = await db
        .select({
          id: p.id,
          kind: p.kind,
          alertValue: p.alertValue,
          warningValue: p.warningValue,
          groundLevel: p.groundLevel,
          invertLevel: p.invertLevel,
          alertFlat: p.alertFlat,
          defaultAmountMeasuresFlat: p.defaultAmountMeasuresFlat,
          defaultAmountGapMeasureExceed: p.defaultAmountGapMeasureExceed,
          transmissionTime: p.transmissionTime,
          alertOnDelay: p.alertOnDelay,
          alertOffDelay: p.alertOffDelay,
          alertDeadband: p.alertDeadband,
          parameters: p.parameters,
        })
        .from(p)
        .where(and(eq(p.id, id), inCompany(scope, p.companyId), isNull(p.deletedAt)));
      return row;
    },

    /** The port of the point's latest reading (contracts/src/point-state.ts): its main series. */
    async mainPort(pointId: string): Promise<string | null> {
      const [row] = await db
        .select({ port: seriesLatest.port })
        .from(seriesLatest)
        .where(eq(seriesLatest.pointId, pointId))
        .orderBy(desc(seriesLatest.ts), asc(seriesLatest.port))
        .limit(1);
      return row?.port ?? null;
    },

    /**
     * The series' measures in [from, to), oldest first, times as epoch ms. Three arrays in one row
     * rather than a row a measure: a month of 1-minute data is 43,200 rows, and rows cost far more to
     * decode than array elements (on PGlite four times the whole replay).
     */
    async samples(pointId: string, port: string, from: Date, to: Date): Promise<Sample[]> {
      const result = await db.execute(sql`
        select coalesce(array_agg(ts order by ts), '{}') as ts,
          coalesce(array_agg(value order by ts), '{}') as value,
          coalesce(array_agg(flag order by ts), '{}') as flag
        from (
          select (extract(epoch from ${measures.ts}) * 1000)::float8 as ts, ${measures.interpreted} as value,
            ${measures.flag}::int as flag
          from ${measures}
          where ${measures.pointId} = ${pointId} and ${measures.port} = ${port}
            and ${measures.ts} >= ${from.toISOString()} and ${measures.ts} < ${to.toISOString()}
        ) m`);
      const [row] = (
        result as unknown as { rows: Array<{ ts: number[]; value: Array<number | null>; flag: number[] }> }
      ).rows;
      if (!row) return [];
      return row.ts.map((ts, i) => ({ ts, value: row.value[i] ?? null, flag: row.flag[i]! }));
    },
  };
}
