/**
 * The pre-issue-25 read of GET /api/events (modules/events/events.repository.ts `list` and the
 * service's mapping), kept verbatim as the reference the one-statement rewrite is compared with
 * (modules/events/events-one-query.test.ts). Test helper only: nothing in the app imports it.
 */
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { EventExportQuery, EventListQuery } from '@aforo/contracts/events';
import type { Db } from '../../db/client';
import { cursorOf, type KeyColumn } from '../../db/keyset';
import { devices, events, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { containsText } from '../../db/search';
import { toEvent } from '../../modules/events/events.mapper';
import type { EventRow } from '../../modules/events/events.repository';

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

export function createReferenceEventsRepository(db: Db) {
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

  async function list(
    scope: SQL | undefined,
    query: EventListQuery,
  ): Promise<{ rows: EventRow[]; total: number }> {
    const where = filters(scope, query);
    const column = orderColumns[query.order];
    const rows = await select()
      .where(where)
      .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), desc(events.ts), asc(events.id))
      .limit(query.length)
      .offset((query.page - 1) * query.length);
    const [total] = await db
      .select({ n: count() })
      .from(events)
      .innerJoin(devices, eq(devices.id, events.deviceId))
      .where(where);
    return { rows: rows.map(flat), total: total?.n ?? 0 };
  }

  return {
    listInCompany: (scope: Scope, query: EventListQuery) => list(inCompany(scope, devices.companyId), query),
    /** Provider staff: events of every device, stock included. */
    listAcrossCompanies: (query: EventListQuery) => list(undefined, query),
  };
}

/** The answer of GET /api/events as the service built it (after its checks). */
export async function referenceEventList(
  db: Db,
  scope: Scope,
  query: EventListQuery,
  acrossCompanies: boolean,
) {
  const repo = createReferenceEventsRepository(db);
  const { rows, total } = acrossCompanies
    ? await repo.listAcrossCompanies(query)
    : await repo.listInCompany(scope, query);
  return { rows: rows.map(toEvent), total };
}
