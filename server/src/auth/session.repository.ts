/** SQL of the session lookup: who a token's subject is, their profiles, and the companies they may name. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, userProfiles, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof userProfiles.$inferSelect & { companyName: string | null };

export function createSessionRepository(db: Db) {
  async function profilesOf(userIds: string[]): Promise<ProfileRow[]> {
    if (userIds.length === 0) return [];
    return db
      .select({
        id: userProfiles.id,
        userId: userProfiles.userId,
        companyId: userProfiles.companyId,
        state: userProfiles.state,
        roles: userProfiles.roles,
        createdAt: userProfiles.createdAt,
        updatedAt: userProfiles.updatedAt,
        companyName: companies.businessName,
      })
      .from(userProfiles)
      .leftJoin(companies, eq(companies.id, userProfiles.companyId))
      .where(inArray(userProfiles.userId, userIds))
      .orderBy(asc(userProfiles.createdAt));
  }

  return {
    profilesOf,

    /** Session lookup by the token's subject, before any scope exists. */
    async findForSession(userId: string): Promise<{ user: UserRow; profiles: ProfileRow[] } | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return undefined;
      return { user, profiles: await profilesOf([user.id]) };
    },

    async companyExists(companyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    async providerCompanyId(): Promise<string | null> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.isProvider, true), isNull(companies.deletedAt)))
        .orderBy(asc(companies.createdAt))
        .limit(1);
      return row?.id ?? null;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
