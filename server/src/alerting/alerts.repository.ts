/**
 * SQL of the alerts read side and of the operators' actions. An alert belongs to its point's company
 * (alerts.company_id, written by the engine); every function is scoped to the request's company, or
 * to every company for the provider's network view (db/scope.ts `everyCompany`).
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
import { levelRankOf } from './alerting.repository';
import type { Db } from '../db/client';
import { paged } from '../db/paging';
import { alerts, companies, devices, measurementPoints, users } from '../db/schema';
import { inCompany, type Scope } from '../db/scope';

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

export function createAlertsRepository(db: Db) {
  // `total`: the list's count of every match (other reads leave it null)
  const select = (total: SQL.Aliased<number> | SQL<number | null> = sql<null>`null`) =>
    db
      .select({
        total,
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
  const flat = ({ alert, total: _total, ...rest }: Awaited<ReturnType<typeof select>>[number]) => ({
    ...alert,
    ...rest,
  });

  return {
    /**
     * A page of alerts and the total in one statement (issue 25): the inner query pages the bare
     * alerts, counting every match with a window over the same filters (computed before LIMIT), and
     * only the page's rows are joined to their point, company, device and people. An empty page
     * past the first has no row to carry the total: it is counted apart.
     */
    async list(scope: Scope, query: AlertListQuery) {
      const where = filters(scope, query);
      const direction = query.dir === 'ASC' ? asc : desc;
      const order = () => [direction(orderColumns[query.order]), direction(alerts.openedAt), asc(alerts.id)];
      const page = paged(
        db
          .select({ id: alerts.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
          .from(alerts)
          .where(where)
          .orderBy(...order())
          .$dynamic(),
        query,
      ).as('page');
      const rows = await select(page.total)
        .innerJoin(page, eq(page.id, alerts.id))
        .orderBy(...order());
      let total = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && query.page > 1 && query.length !== -1) {
        const [counted] = await db.select({ n: count() }).from(alerts).where(where);
        total = counted?.n ?? 0;
      }
      return { rows: rows.map(flat), total };
    },

    async find(scope: Scope, id: string) {
      const [row] = await select().where(and(eq(alerts.id, id), inCompany(scope, alerts.companyId)));
      return row ? flat(row) : undefined;
    },

    /** Alerts by id whatever their company (the live stream sorts them out per company). */
    async findManyAcrossCompanies(ids: string[]) {
      if (ids.length === 0) return [];
      const rows = await select().where(inArray(alerts.id, ids));
      return rows.map(flat);
    },

    /** The ids of `ids` in the company, locked for the action that follows. */
    async lockInCompany(scope: Scope, ids: string[]) {
      return db
        .select()
        .from(alerts)
        .where(and(inArray(alerts.id, ids), inCompany(scope, alerts.companyId)))
        .orderBy(asc(alerts.id))
        .for('update');
    },

    /** Acknowledges the unacknowledged ones among `ids`; returns those it changed. */
    async acknowledge(ids: string[], userId: string, comment: string | null) {
      if (ids.length === 0) return [];
      return db
        .update(alerts)
        .set({
          acknowledgedAt: new Date(),
          acknowledgedBy: userId,
          acknowledgeComment: comment,
          updatedAt: new Date(),
        })
        .where(and(inArray(alerts.id, ids), isNull(alerts.acknowledgedAt)))
        .returning();
    },

    async shelve(ids: string[], userId: string | null, until: Date | null, reason: string | null) {
      if (ids.length === 0) return [];
      return db
        .update(alerts)
        .set({ shelvedUntil: until, shelvedBy: userId, shelveReason: reason, updatedAt: new Date() })
        .where(inArray(alerts.id, ids))
        .returning();
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
export type AlertRow = Awaited<ReturnType<AlertsRepository['list']>>['rows'][number];
