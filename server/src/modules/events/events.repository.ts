/** SQL for device events. Company scope goes through the device: an event belongs to its device's company. */
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { EventListQuery } from '@aforo/contracts/events';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, events, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export type EventRow = typeof events.$inferSelect & {
  deviceSerial: string | null;
  pointId: string | null;
  pointName: string | null;
};

const orderColumns = {
  ts: events.ts,
  received_at: events.receivedAt,
  type: events.type,
} as const;

export function createEventsRepository(db: Db) {
  async function list(
    scope: SQL | undefined,
    query: EventListQuery,
  ): Promise<{ rows: EventRow[]; total: number }> {
    const term = query.search?.trim();
    const where = and(
      scope,
      query.deviceId ? eq(events.deviceId, query.deviceId) : undefined,
      query.pointId ? eq(devices.measurementPointId, query.pointId) : undefined,
      query.type ? eq(events.type, query.type) : undefined,
      query.from ? gte(events.ts, query.from) : undefined,
      query.to ? lte(events.ts, query.to) : undefined,
      term ? containsText(events.message, term) : undefined,
    );
    const column = orderColumns[query.order];
    const base = db
      .select({
        event: events,
        deviceSerial: devices.serial,
        pointId: devices.measurementPointId,
        pointName: measurementPoints.name,
      })
      .from(events)
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, devices.measurementPointId))
      .where(where)
      .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), desc(events.ts), asc(events.id));
    const rows =
      query.length === -1
        ? await base
        : await base.limit(query.length).offset((query.page - 1) * query.length);
    const [total] = await db
      .select({ n: count() })
      .from(events)
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .where(where);
    return {
      rows: rows.map(({ event, ...rest }) => ({ ...event, ...rest })),
      total: total?.n ?? 0,
    };
  }

  return {
    listInCompany: (scope: Scope, query: EventListQuery) => list(inCompany(scope, devices.companyId), query),
    /** Provider staff: events of every device, stock included. */
    listAcrossCompanies: (query: EventListQuery) => list(undefined, query),
  };
}
