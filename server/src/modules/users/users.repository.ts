/** SQL for users and their profiles. Functions take the request scope first, except sign-in lookups. */
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@aforo/contracts/users';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { companies, userProfiles, users } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { paged } from '../../db/paging';
import { createSessionRepository, type ProfileRow, type UserRow } from '../../auth/session.repository';

export type { ProfileRow, UserRow };
export type CompanyRow = typeof companies.$inferSelect;

export type ListedUserRow = UserRow & { profileCompanyId: string | null; profileRoles: string[] };
export interface NewProfile {
  companyId: string | null;
  roles: string[];
}

/** Raises the session version in the same statement as the change that ends the sessions. */
const nextSession = { sessionVersion: sql`${users.sessionVersion} + 1` };

const orderColumns = {
  created_at: users.createdAt,
  name: users.name,
  surname: users.surname,
  email: users.email,
  state: users.state,
} as const;

export function createUsersRepository(db: Db) {
  // the session lookup (auth/) is the users' too: profiles, companies a user may name
  const session = createSessionRepository(db);

  return {
    ...session,

    /** Sign-in lookup, before any scope exists. Email is unique case-insensitively. */
    async findForSignIn(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** Any user, for provider staff who administer every company. */
    async findAcrossCompanies(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** Sets the caller's password and ends their sessions; returns the new session version. */
    async updatePassword(
      scope: Scope & { userId: string },
      passwordHash: string,
      state: string,
    ): Promise<number> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, state, passwordChangedAt: new Date(), updatedAt: new Date(), ...nextSession })
        .where(eq(users.id, scope.userId))
        .returning({ sessionVersion: users.sessionVersion });
      return row!.sessionVersion;
    },

    async setDefaultCompany(scope: Scope & { userId: string }): Promise<void> {
      await db
        .update(users)
        .set({ defaultCompanyId: scope.companyId, updatedAt: new Date() })
        .where(eq(users.id, scope.userId));
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

    /**
     * Users listed with one profile each: provider staff (global profiles) when `fdx`, otherwise the
     * users holding a profile in the scope's company.
     */
    async list(
      scope: Scope,
      query: UserListQuery,
      fdx: boolean,
    ): Promise<{ rows: ListedUserRow[]; total: number }> {
      const profileMatch = fdx ? isNull(userProfiles.companyId) : inCompany(scope, userProfiles.companyId);
      const term = query.search?.trim();
      const where: SQL | undefined = and(
        query.showDeleted ? undefined : isNull(users.deletedAt),
        query.role ? arrayContains(userProfiles.roles, [query.role]) : undefined,
        term
          ? or(
              containsText(users.name, term),
              containsText(users.surname, term),
              containsText(users.email, term),
            )
          : undefined,
      );
      const column = orderColumns[query.order];
      const base = db
        .select({ user: users, profileCompanyId: userProfiles.companyId, profileRoles: userProfiles.roles })
        .from(users)
        .innerJoin(userProfiles, and(eq(userProfiles.userId, users.id), profileMatch))
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(users.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(userProfiles, and(eq(userProfiles.userId, users.id), profileMatch))
        .where(where);
      return {
        rows: rows.map((r) => ({
          ...r.user,
          profileCompanyId: r.profileCompanyId,
          profileRoles: r.profileRoles,
        })),
        total: total?.n ?? 0,
      };
    },

    async insertUser(values: {
      email: string;
      name: string;
      surname: string;
      phone: string | null;
      language: string;
    }): Promise<string> {
      const [row] = await db
        .insert(users)
        .values({ ...values, state: 'Created' })
        .returning({ id: users.id });
      return row!.id;
    },

    async updateUser(
      userId: string,
      values: Partial<
        Pick<
          UserRow,
          | 'email'
          | 'name'
          | 'surname'
          | 'phone'
          | 'language'
          | 'state'
          | 'stateBeforeSuspension'
          | 'deletedAt'
          | 'defaultCompanyId'
        >
      >,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Sets a password through a mailed link; every earlier session of the user ends. */
    async setPassword(userId: string, passwordHash: string, state: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, state, passwordChangedAt: new Date(), updatedAt: new Date(), ...nextSession })
        .where(eq(users.id, userId));
    },

    /** Ends every session of the user: tokens signed with an older version answer 401. */
    async endSessions(userId: string): Promise<void> {
      await db.update(users).set(nextSession).where(eq(users.id, userId));
    },

    /** Replaces the user's profiles; with `onlyCompanyId` only that company's profile is touched. */
    async replaceProfiles(userId: string, profiles: NewProfile[], onlyCompanyId?: string): Promise<void> {
      await db
        .delete(userProfiles)
        .where(
          and(
            eq(userProfiles.userId, userId),
            onlyCompanyId ? eq(userProfiles.companyId, onlyCompanyId) : undefined,
          ),
        );
      if (profiles.length > 0) {
        await db
          .insert(userProfiles)
          .values(profiles.map((p) => ({ userId, companyId: p.companyId, roles: p.roles })));
      }
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
