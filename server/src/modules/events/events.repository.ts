/** SQL for device events. Company scope goes through the device: an event belongs to its device's company. */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { EventExportQuery, EventListQuery } from '@aforo/contracts/events';
import type { Db } from '../../db/client';
import { afterCursor, cursorOf, keysetBatches, keysetOrder, type KeyColumn } from '../../db/keyset';
import { devices, events, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { containsText } from '../../db/search';

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

// the export's order: time, then id so that rows of the same instant are neither lost nor repeated
const exportKeys: KeyColumn[] = [
  { column: events.ts, type: 'timestamptz' },
  { column: events.id, type: 'uuid' },
];

type EventFilter = Omit<EventExportQuery, 'separator' | 'dir'>;

function filters(scope: SQL | undefined, query: EventFilter): SQL | undefined {
  const term = query.search?.trim();
  return and(
    scope,
    query.deviceId ? eq(events.deviceId, query.deviceId) : undefined,
    query.pointId ? eq(devices.measurementPointId, query.pointId) : undefined,
    query.type ? eq(events.type, query.type) : undefined,
    query.from ? gte(events.ts, query.from) : undefined,
    query.to ? lte(events.ts, query.to) : undefined,
    term ? containsText(events.message, term) : undefined,
  );
}

export function createEventsRepository(db: Db) {
  const select = () =>
    db
      .select({
        event: events,
        deviceSerial: devices.serial,
        pointId: devices.measurementPointId,
        pointName: measurementPoints.name,
        cursor: cursorOf(exportKeys),
      })
      .from(events)
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, devices.measurementPointId));
  const flat = ({
    event,
    cursor: _cursor,
    ...rest
  }: Awaited<ReturnType<typeof select>>[number]): EventRow => ({
    ...event,
    ...rest,
  });

  /**
   * A page of events and the total in one statement (issue 25): the inner query pages the bare
   * events (the device joined for the company and point filters), counting every match with a
   * window over the same filters, and only the page's rows are joined to their device and point. An
   * empty page past the first has no row to carry the total: it is counted apart.
   */
  async function list(
    scope: SQL | undefined,
    query: EventListQuery,
  ): Promise<{ rows: EventRow[]; total: number }> {
    const where = filters(scope, query);
    const column = orderColumns[query.order];
    const order = () => [query.dir === 'ASC' ? asc(column) : desc(column), desc(events.ts), asc(events.id)];
    const page = db
      .select({ id: events.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
      .from(events)
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .where(where)
      .orderBy(...order())
      .limit(query.length)
      .offset((query.page - 1) * query.length)
      .as('page');
    const rows = await db
      .select({
        event: events,
        deviceSerial: devices.serial,
        pointId: devices.measurementPointId,
        pointName: measurementPoints.name,
        total: page.total,
      })
      .from(page)
      .innerJoin(events, eq(events.id, page.id))
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, devices.measurementPointId))
      .orderBy(...order());
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && query.page > 1) {
      const [counted] = await db
        .select({ n: count() })
        .from(events)
        .innerJoin(devices, eq(devices.id, events.deviceId))
        .where(where);
      total = counted?.n ?? 0;
    }
    return { rows: rows.map(({ event, total: _total, ...rest }) => ({ ...event, ...rest })), total };
  }

  async function* exportRows(scope: SQL | undefined, query: EventExportQuery): AsyncGenerator<EventRow[]> {
    const where = filters(scope, query);
    const batches = keysetBatches((after, limit) =>
      select()
        .where(and(where, after ? afterCursor(exportKeys, after, query.dir) : undefined))
        .orderBy(...keysetOrder(exportKeys, query.dir))
        .limit(limit),
    );
    for await (const rows of batches) yield rows.map(flat);
  }

  return {
    listInCompany: (scope: Scope, query: EventListQuery) => list(inCompany(scope, devices.companyId), query),
    /** Provider staff: events of every device, stock included. */
    listAcrossCompanies: (query: EventListQuery) => list(undefined, query),
    exportInCompany: (scope: Scope, query: EventExportQuery) =>
      exportRows(inCompany(scope, devices.companyId), query),
    exportAcrossCompanies: (query: EventExportQuery) => exportRows(undefined, query),
  };
}
