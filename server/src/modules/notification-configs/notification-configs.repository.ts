/** SQL of notification configs. Every function takes the request scope first (company-owned rows). */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationConfigInputParsed,
  NotificationConfigListQuery,
} from '@aforo/contracts/notification-configs';
import type { Db } from '../../db/client';
import { paged } from '../../db/paging';
import { layers, measurementPoints, notificationConfigs, userProfiles, users } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { livePointIds } from '../../db/company-points';
import { containsText } from '../../db/search';

export type ConfigRecord = typeof notificationConfigs.$inferSelect;
export interface UserRef {
  id: string;
  name: string;
  email: string;
}
export interface NamedRef {
  id: string;
  name: string;
}
export type ConfigRow = ConfigRecord & {
  users: UserRef[];
  escalationUsers: UserRef[];
  /** The limit's points and layers that still exist (a deleted point or layer drops out). */
  points: NamedRef[];
  layers: NamedRef[];
};

const orderColumns = { name: notificationConfigs.name, created_at: notificationConfigs.createdAt } as const;

function values(input: NotificationConfigInputParsed) {
  return {
    name: input.name,
    enabled: input.enabled,
    alertTypes: [...new Set(input.alertTypes)],
    roles: [...new Set(input.roles)],
    userIds: [...new Set(input.userIds)],
    email: input.email,
    webhookUrl: input.webhookUrl,
    notifyResolved: input.notifyResolved,
    escalationAfterMinutes: input.escalation?.afterMinutes ?? null,
    escalationRoles: [...new Set(input.escalation?.roles ?? [])],
    escalationUserIds: [...new Set(input.escalation?.userIds ?? [])],
    pointIds: [...new Set(input.pointIds)],
    layerIds: [...new Set(input.layerIds)],
    description: input.description ?? null,
  };
}

export function createNotificationConfigsRepository(db: Db) {
  /** The limit's points and layers by name, in one query each for every config of the page. */
  async function limitNames(records: ConfigRecord[]) {
    const pointIds = [...new Set(records.flatMap((r) => r.pointIds))];
    const layerIds = [...new Set(records.flatMap((r) => r.layerIds))];
    const [points, layerRows] = await Promise.all([
      pointIds.length === 0
        ? []
        : db
            .select({ id: measurementPoints.id, name: measurementPoints.name })
            .from(measurementPoints)
            .where(and(inArray(measurementPoints.id, pointIds), isNull(measurementPoints.deletedAt))),
      layerIds.length === 0
        ? []
        : db.select({ id: layers.id, name: layers.name }).from(layers).where(inArray(layers.id, layerIds)),
    ]);
    const byName = (a: NamedRef, b: NamedRef) => a.name.localeCompare(b.name);
    const pick = (found: NamedRef[], ids: string[]) => found.filter((f) => ids.includes(f.id)).sort(byName);
    return (r: ConfigRecord) => ({ points: pick(points, r.pointIds), layers: pick(layerRows, r.layerIds) });
  }

  /** The named users with their names, in one query for every config of the page; the limit's names. */
  async function withUsers(records: ConfigRecord[]): Promise<ConfigRow[]> {
    const ids = [...new Set(records.flatMap((r) => [...r.userIds, ...r.escalationUserIds]))];
    const found =
      ids.length === 0
        ? []
        : await db
            .select({
              id: users.id,
              name: sql<string>`trim(concat_ws(' ', ${users.name}, ${users.surname}))`,
              email: users.email,
            })
            .from(users)
            .where(inArray(users.id, ids));
    const byId = new Map(found.map((u) => [u.id, u]));
    const refs = (list: string[]) => list.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    const limits = await limitNames(records);
    return records.map((r) => ({
      ...r,
      users: refs(r.userIds),
      escalationUsers: refs(r.escalationUserIds),
      ...limits(r),
    }));
  }

  return {
    async listInCompany(scope: Scope, query: NotificationConfigListQuery) {
      const term = query.search?.trim();
      const where = and(
        inCompany(scope, notificationConfigs.companyId),
        term ? containsText(notificationConfigs.name, term) : undefined,
      );
      const column = orderColumns[query.order];
      const base = db
        .select()
        .from(notificationConfigs)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(notificationConfigs.id));
      const records = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(notificationConfigs).where(where);
      return { rows: await withUsers(records), total: total?.n ?? 0 };
    },

    async findInCompany(scope: Scope, id: string): Promise<ConfigRow | undefined> {
      const records = await db
        .select()
        .from(notificationConfigs)
        .where(and(eq(notificationConfigs.id, id), inCompany(scope, notificationConfigs.companyId)));
      const [row] = await withUsers(records);
      return row;
    },

    /** Of `ids`, the users holding a profile in the company (Active or not: the choice is kept). */
    async usersInCompany(scope: Scope, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectDistinct({ id: userProfiles.userId })
        .from(userProfiles)
        .innerJoin(users, eq(users.id, userProfiles.userId))
        .where(
          and(
            inArray(userProfiles.userId, ids),
            inCompany(scope, userProfiles.companyId),
            sql`${users.deletedAt} is null`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Of `ids`, the company's points (not deleted). */
    pointsInCompany: (scope: Scope, ids: string[]): Promise<string[]> => livePointIds(db, scope, ids),

    /** Of `ids`, the company's layers. */
    async layersInCompany(scope: Scope, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: layers.id })
        .from(layers)
        .where(and(inArray(layers.id, ids), inCompany(scope, layers.companyId)));
      return rows.map((r) => r.id);
    },

    async insert(companyId: string, input: NotificationConfigInputParsed): Promise<string> {
      const [row] = await db
        .insert(notificationConfigs)
        .values({ companyId, ...values(input), webhookSecret: randomBytes(32).toString('hex') })
        .returning({ id: notificationConfigs.id });
      return row!.id;
    },

    async update(scope: Scope, id: string, input: NotificationConfigInputParsed): Promise<void> {
      await db
        .update(notificationConfigs)
        .set({ ...values(input), updatedAt: new Date() })
        .where(and(eq(notificationConfigs.id, id), inCompany(scope, notificationConfigs.companyId)));
    },

    async remove(scope: Scope, id: string): Promise<void> {
      await db
        .delete(notificationConfigs)
        .where(and(eq(notificationConfigs.id, id), inCompany(scope, notificationConfigs.companyId)));
    },
  };
}
export type NotificationConfigsRepository = ReturnType<typeof createNotificationConfigsRepository>;
