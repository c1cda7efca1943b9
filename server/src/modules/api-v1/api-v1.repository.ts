/**
 * SQL of the external API (docs/API.md "External API"). Every read is narrowed by the one access
 * condition of the caller (core/access.repository.ts pointCondition: the token's company, and its
 * layers when restricted) and pages by keyset (a cursor), never by offset.
 */
import { and, asc, eq, gt, gte, isNull, lt, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import { maxMeasureMagnitude } from '@aforo/contracts/device-protocol';
import type { Db } from '../../db/client';
import { alerts, measurementPoints, measures, seriesLatest } from '../../db/schema';
import { pointCondition } from '../../core/access.repository';
import type { Caller } from '../../core/caller';

export type ThingRow = Pick<
  typeof measurementPoints.$inferSelect,
  | 'id'
  | 'name'
  | 'address'
  | 'kind'
  | 'unit'
  | 'latitude'
  | 'longitude'
  | 'groundLevel'
  | 'invertLevel'
  | 'warningValue'
  | 'alertValue'
  | 'parameters'
> & { ports: string[] | null };

export interface ObservationRow {
  pointId: string;
  port: string;
  ts: Date;
  value: number | null;
  flag: number;
}

/** Values beyond what a measure may hold read as null, as everywhere else (issue 9). */
const bounded = (column: SQLWrapper) =>
  sql<
    number | null
  >`(case when ${column} between -${sql.raw(`${maxMeasureMagnitude}::float8`)} and ${sql.raw(`${maxMeasureMagnitude}::float8`)} then ${column} end)`.mapWith(
    Number,
  );

export function createApiV1Repository(db: Db) {
  const visible = (caller: Caller) =>
    and(pointCondition(db, caller) ?? undefined, isNull(measurementPoints.deletedAt));

  return {
    /** A page of the caller's points after `afterId`, with their measured ports. */
    async things(caller: Caller, afterId: string | null, limit: number): Promise<ThingRow[]> {
      const ports = sql<string[] | null>`(select array_agg(sl.port order by sl.port) from ${seriesLatest} sl
        where sl.point_id = "measurement_points"."id")`;
      return db
        .select({
          id: measurementPoints.id,
          name: measurementPoints.name,
          address: measurementPoints.address,
          kind: measurementPoints.kind,
          unit: measurementPoints.unit,
          latitude: measurementPoints.latitude,
          longitude: measurementPoints.longitude,
          groundLevel: measurementPoints.groundLevel,
          invertLevel: measurementPoints.invertLevel,
          warningValue: measurementPoints.warningValue,
          alertValue: measurementPoints.alertValue,
          parameters: measurementPoints.parameters,
          ports,
        })
        .from(measurementPoints)
        .where(and(visible(caller), afterId ? gt(measurementPoints.id, afterId) : undefined))
        .orderBy(asc(measurementPoints.id))
        .limit(limit);
    },

    /** The latest reading of every series of the caller's points (series_latest: no measure scan). */
    async latest(caller: Caller, limit: number): Promise<ObservationRow[]> {
      return db
        .select({
          pointId: seriesLatest.pointId,
          port: seriesLatest.port,
          ts: seriesLatest.ts,
          value: bounded(seriesLatest.interpreted),
          flag: seriesLatest.flag,
        })
        .from(seriesLatest)
        .innerJoin(measurementPoints, eq(measurementPoints.id, seriesLatest.pointId))
        .where(visible(caller))
        .orderBy(asc(seriesLatest.pointId), asc(seriesLatest.port))
        .limit(limit);
    },

    /** Whether the caller may read the point (a live point of its company and layers). */
    async canRead(caller: Caller, pointId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: measurementPoints.id })
        .from(measurementPoints)
        .where(and(eq(measurementPoints.id, pointId), visible(caller)));
      return row !== undefined;
    },

    /** Raw measures of one series in [from, to) after the cursor's time, oldest first. */
    async observations(
      range: { pointId: string; port: string; from: Date; to: Date },
      after: Date | null,
      limit: number,
    ): Promise<ObservationRow[]> {
      return db
        .select({
          pointId: sql<string>`${measures.pointId}::text`,
          port: measures.port,
          ts: measures.ts,
          value: bounded(measures.interpreted),
          flag: measures.flag,
        })
        .from(measures)
        .where(
          and(
            eq(measures.pointId, range.pointId),
            eq(measures.port, range.port),
            gte(measures.ts, range.from),
            lt(measures.ts, range.to),
            after ? gt(measures.ts, after) : undefined,
          ),
        )
        .orderBy(asc(measures.ts))
        .limit(limit);
    },

    /** The caller's points' alerts opened in the range, newest first, after the cursor. */
    async alerts(
      caller: Caller,
      range: { from?: Date; to?: Date },
      after: { openedAt: Date; id: string } | null,
      limit: number,
    ) {
      return db
        .select({
          id: alerts.id,
          pointId: alerts.pointId,
          port: alerts.port,
          type: alerts.type,
          level: alerts.level,
          openedAt: alerts.openedAt,
          clearedAt: alerts.clearedAt,
          acknowledgedAt: alerts.acknowledgedAt,
          openedValue: bounded(alerts.openedValue),
          lastValue: bounded(alerts.lastValue),
        })
        .from(alerts)
        .innerJoin(measurementPoints, eq(measurementPoints.id, alerts.pointId))
        .where(
          and(
            visible(caller),
            range.from ? gte(alerts.openedAt, range.from) : undefined,
            range.to ? lte(alerts.openedAt, range.to) : undefined,
            after
              ? or(
                  lt(alerts.openedAt, after.openedAt),
                  and(eq(alerts.openedAt, after.openedAt), lt(alerts.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(sql`${alerts.openedAt} desc`, sql`${alerts.id} desc`)
        .limit(limit);
    },
  };
}
export type ApiV1Repository = ReturnType<typeof createApiV1Repository>;
export type V1AlertRow = Awaited<ReturnType<ApiV1Repository['alerts']>>[number];
