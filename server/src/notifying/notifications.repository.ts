/**
 * SQL of the notifications read side: a user's own in-app notifications in one company (shown ones:
 * `delivered_at` set), their quiet hours, and the company's delivery record for its admins.
 */
import { aliasedTable, and, count, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { NotificationDeliveryListQuery, NotificationListQuery } from '@aforo/contracts/notifications';
import type { Db } from '../db/client';
import { paged } from '../db/paging';
import {
  alerts,
  measurementPoints,
  notificationConfigs,
  notificationDeliveries,
  notificationQuietHours,
  notifications,
  users,
} from '../db/schema';
import { inCompany, type Scope } from '../db/scope';

/** Whose notifications: the signed-in user in the current company. */
export interface Mine extends Scope {
  userId: string;
}

const recipient = aliasedTable(users, 'recipient');

export function createNotificationsRepository(db: Db) {
  const select = () =>
    db
      .select({
        n: notifications,
        pointId: alerts.pointId,
        pointName: measurementPoints.name,
        type: alerts.type,
        level: alerts.level,
      })
      .from(notifications)
      .leftJoin(alerts, eq(alerts.id, notifications.alertId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, alerts.pointId));
  const flat = ({ n, ...rest }: Awaited<ReturnType<typeof select>>[number]) => ({ ...n, ...rest });
  const mine = (scope: Mine) =>
    and(
      eq(notifications.userId, scope.userId),
      inCompany(scope, notifications.companyId),
      isNotNull(notifications.deliveredAt),
    );

  return {
    async listMine(scope: Mine, query: NotificationListQuery) {
      const where = and(mine(scope), query.unread ? isNull(notifications.readAt) : undefined);
      const rows = await paged(
        select().where(where).orderBy(desc(notifications.deliveredAt), desc(notifications.id)).$dynamic(),
        query,
      );
      const [total] = await db.select({ n: count() }).from(notifications).where(where);
      const [unread] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine(scope), isNull(notifications.readAt)));
      return { rows: rows.map(flat), total: total?.n ?? 0, unread: unread?.n ?? 0 };
    },

    async findMine(scope: Mine, id: string) {
      const [row] = await select().where(and(eq(notifications.id, id), mine(scope)));
      return row ? flat(row) : undefined;
    },

    /** A shown notification whatever its company (the live stream pushes it to its user's streams). */
    async findShown(id: string) {
      const [row] = await select().where(and(eq(notifications.id, id), isNotNull(notifications.deliveredAt)));
      return row ? flat(row) : undefined;
    },

    async markRead(scope: Mine, ids: string[] | 'all'): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            mine(scope),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : sql`${notifications.id} = any(${sql.param(ids)}::uuid[])`,
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    async quietHours(scope: Mine) {
      const [row] = await db
        .select({ from: notificationQuietHours.from, to: notificationQuietHours.to })
        .from(notificationQuietHours)
        .where(
          and(
            eq(notificationQuietHours.userId, scope.userId),
            inCompany(scope, notificationQuietHours.companyId),
          ),
        );
      return row ?? null;
    },

    async setQuietHours(userId: string, companyId: string, quiet: { from: string; to: string } | null) {
      if (quiet === null) {
        await db
          .delete(notificationQuietHours)
          .where(
            and(eq(notificationQuietHours.userId, userId), eq(notificationQuietHours.companyId, companyId)),
          );
        return;
      }
      await db
        .insert(notificationQuietHours)
        .values({ userId, companyId, ...quiet })
        .onConflictDoUpdate({
          target: [notificationQuietHours.userId, notificationQuietHours.companyId],
          set: { ...quiet, updatedAt: new Date() },
        });
    },

    async listDeliveries(scope: Scope, query: NotificationDeliveryListQuery) {
      const d = notificationDeliveries;
      const where: SQL | undefined = and(
        inCompany(scope, d.companyId),
        query.configId ? eq(d.configId, query.configId) : undefined,
        query.alertId ? eq(d.alertId, query.alertId) : undefined,
        query.channel ? eq(d.channel, query.channel) : undefined,
        query.status ? eq(d.status, query.status) : undefined,
        query.from ? gte(d.createdAt, query.from) : undefined,
        query.to ? lte(d.createdAt, query.to) : undefined,
      );
      const rows = await paged(
        db
          .select({
            d,
            configName: notificationConfigs.name,
            recipientName: sql<
              string | null
            >`nullif(trim(concat_ws(' ', ${recipient.name}, ${recipient.surname})), '')`,
            recipientEmail: recipient.email,
          })
          .from(d)
          .leftJoin(notificationConfigs, eq(notificationConfigs.id, d.configId))
          .leftJoin(recipient, eq(recipient.id, d.recipientUserId))
          .where(where)
          .orderBy(desc(d.createdAt), desc(d.id))
          .$dynamic(),
        query,
      );
      const [total] = await db.select({ n: count() }).from(d).where(where);
      return { rows: rows.map(({ d: row, ...rest }) => ({ ...row, ...rest })), total: total?.n ?? 0 };
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
export type NotificationRow = NonNullable<Awaited<ReturnType<NotificationsRepository['findMine']>>>;
export type DeliveryRow = Awaited<ReturnType<NotificationsRepository['listDeliveries']>>['rows'][number];
