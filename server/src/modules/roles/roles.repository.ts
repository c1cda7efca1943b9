/** SQL of the role list: reference rows, the same for every company. */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema';

export type RoleRow = typeof roles.$inferSelect;

export function createRolesRepository(db: Db) {
  return {
    /** Every role in list order. */
    list(): Promise<RoleRow[]> {
      return db.select().from(roles).orderBy(asc(roles.position), asc(roles.id));
    },
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
