/** SQL for users and their profiles. Functions take the request scope first, except sign-in lookups. */
import { and, asc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, userProfiles, users } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof userProfiles.$inferSelect & { companyName: string | null };
export type CompanyRow = typeof companies.$inferSelect;

export function createUsersRepository(db: Db) {
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

    /** Sign-in lookup, before any scope exists. Email is unique case-insensitively. */
    async findForSignIn(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** Session lookup by the token's subject, before any scope exists. */
    async findForSession(userId: string): Promise<{ user: UserRow; profiles: ProfileRow[] } | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) return undefined;
      return { user, profiles: await profilesOf([user.id]) };
    },

    /** A user who has a profile in the scope's company. */
    async findInCompany(scope: Scope, userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            exists(
              db
                .select({ one: sql`1` })
                .from(userProfiles)
                .where(and(eq(userProfiles.userId, users.id), inCompany(scope, userProfiles.companyId))),
            ),
          ),
        )
        .limit(1);
      return row;
    },

    /** Any user, for provider staff who administer every company. */
    async findAcrossCompanies(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async updatePassword(
      scope: Scope & { userId: string },
      passwordHash: string,
      state: string,
    ): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, state, passwordChangedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, scope.userId));
    },

    async setDefaultCompany(scope: Scope & { userId: string }): Promise<void> {
      await db
        .update(users)
        .set({ defaultCompanyId: scope.companyId, updatedAt: new Date() })
        .where(eq(users.id, scope.userId));
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

    /** The companies a user may select: all of them for provider staff. */
    async selectableCompaniesAcrossCompanies(): Promise<CompanyRow[]> {
      return db
        .select()
        .from(companies)
        .where(isNull(companies.deletedAt))
        .orderBy(sql`${companies.isProvider} desc`, asc(companies.businessName));
    },

    async companiesByIds(ids: string[]): Promise<CompanyRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(companies)
        .where(and(inArray(companies.id, ids), isNull(companies.deletedAt)))
        .orderBy(asc(companies.businessName));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
