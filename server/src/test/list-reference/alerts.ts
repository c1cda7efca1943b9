/**
 * The pre-issue-25 read of GET /api/alerts (alerting/alerts.repository.ts `list` and the service's
 * mapping), kept verbatim as the reference the one-statement rewrite is compared with
 * (modules/alerts/alerts-one-query.test.ts). Test helper only: nothing in the app imports it.
 */
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alertTypeGroup, alertTypes, type AlertGroup } from '@aforo/contracts/alert-types';
import type { AlertListQuery } from '@aforo/contracts/alerts';
import { levelRankOf } from '../../alerting/alerting.repository';
import { toAlert } from '../../alerting/alerts.mapper';
import type { Db } from '../../db/client';
import { paged } from '../../db/paging';
import { alerts, companies, devices, measurementPoints, users } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

const acknowledger = aliasedTable(users, 'acknowledger');
const shelver = aliasedTable(users, 'shelver');

const levelRank = levelRankOf(sql`${alerts.level}`);
const orderColumns = { opened_at: alerts.openedAt, last_at: alerts.lastAt, level: levelRank } as const;

const typesOf = (group: AlertGroup) => alertTypes.filter((t) => alertTypeGroup[t] === group);

function stateFilter(state: AlertListQuery['state']): SQL | undefined {
  const active = isNull(alerts.clearedAt);
  const acked = isNotNull(alerts.acknowledgedAt);
  const unacked = isNull(alerts.acknowledgedAt);
  switch (state) {
    case 'open':
      return and(active, unacked);
    case 'acknowledged':
      return and(active, acked);
    case 'cleared_unacknowledged':
      return and(isNotNull(alerts.clearedAt), unacked);
    case 'cleared':
      return and(isNotNull(alerts.clearedAt), acked);
    case 'active':
      return active;
    case 'unacknowledged':
      return unacked;
    default:
      return undefined;
  }
}

function filters(scope: Scope, query: AlertListQuery): SQL | undefined {
  return and(
    inCompany(scope, alerts.companyId),
    query.pointId ? eq(alerts.pointId, query.pointId) : undefined,
    query.level ? eq(alerts.level, query.level) : undefined,
    query.type ? eq(alerts.type, query.type) : undefined,
    query.group ? inArray(alerts.type, typesOf(query.group)) : undefined,
    stateFilter(query.state),
    query.from ? gte(alerts.openedAt, query.from) : undefined,
    query.to ? lte(alerts.openedAt, query.to) : undefined,
  );
}

export function createReferenceAlertsRepository(db: Db) {
  const select = () =>
    db
      .select({
        alert: alerts,
        companyName: companies.businessName,
        pointName: measurementPoints.name,
        unit: measurementPoints.unit,
        deviceSerial: devices.serial,
        acknowledgedByName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${acknowledger.name}, ${acknowledger.surname})), '')`,
        shelvedByName: sql<
          string | null
        >`nullif(trim(concat_ws(' ', ${shelver.name}, ${shelver.surname})), '')`,
      })
      .from(alerts)
      .innerJoin(measurementPoints, eq(measurementPoints.id, alerts.pointId))
      .innerJoin(companies, eq(companies.id, alerts.companyId))
      .leftJoin(devices, eq(devices.id, alerts.deviceId))
      .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedBy))
      .leftJoin(shelver, eq(shelver.id, alerts.shelvedBy));
  const flat = ({ alert, ...rest }: Awaited<ReturnType<typeof select>>[number]) => ({ ...alert, ...rest });

  return {
    async list(scope: Scope, query: AlertListQuery) {
      const where = filters(scope, query);
      const direction = query.dir === 'ASC' ? asc : desc;
      const rows = await paged(
        select()
          .where(where)
          .orderBy(direction(orderColumns[query.order]), direction(alerts.openedAt), asc(alerts.id))
          .$dynamic(),
        query,
      );
      const [total] = await db.select({ n: count() }).from(alerts).where(where);
      return { rows: rows.map(flat), total: total?.n ?? 0 };
    },
  };
}

/** The answer of GET /api/alerts as the service built it (after networkViewer and assertCan). */
export async function referenceAlertList(db: Db, scope: Scope, query: AlertListQuery) {
  const { rows, total } = await createReferenceAlertsRepository(db).list(scope, query);
  const now = new Date();
  return { rows: rows.map((r) => toAlert(r, now)), total };
}
