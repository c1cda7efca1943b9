/** SQL of a company's API tokens and their usage (docs/API.md "API tokens"). */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokenMonths, apiTokenUsage, apiTokens, billingPlans, companies, users } from '../../db/schema';

export type ApiTokenRecord = typeof apiTokens.$inferSelect;
/** A token with what its page shows around it: the plan's limit, this month's count, who edited it. */
export type ApiTokenRow = ApiTokenRecord & {
  planLimit: number | null;
  count: number;
  updatedByName: string | null;
};
export interface UsageRow {
  tokenId: string;
  day: string;
  endpoint: string;
  count: number;
}
export type ApiTokenValues = Pick<ApiTokenRecord, 'alias' | 'validUntil' | 'monthlyLimit' | 'layerIds'>;

export function createApiTokensRepository(db: Db) {
  /** Tokens with their plan limit and the count of `month` (first day, 'YYYY-MM-01'). */
  function select(month: string) {
    return db
      .select({
        token: apiTokens,
        planLimit: billingPlans.monthlyApiCalls,
        count: sql<number>`coalesce(${apiTokenMonths.count}, 0)`.mapWith(Number),
        updatedByName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`,
      })
      .from(apiTokens)
      .innerJoin(companies, eq(companies.id, apiTokens.companyId))
      .leftJoin(billingPlans, eq(billingPlans.id, companies.billingPlanId))
      .leftJoin(users, eq(users.id, apiTokens.updatedBy))
      .leftJoin(
        apiTokenMonths,
        and(eq(apiTokenMonths.tokenId, apiTokens.id), eq(apiTokenMonths.month, month)),
      );
  }
  const flatten = (r: {
    token: ApiTokenRecord;
    planLimit: number | null;
    count: number;
    updatedByName: string | null;
  }) => ({
    ...r.token,
    planLimit: r.planLimit,
    count: r.count,
    updatedByName: r.updatedByName,
  });

  return {
    async listInCompany(companyId: string, month: string, showRevoked: boolean): Promise<ApiTokenRow[]> {
      const rows = await select(month)
        .where(and(eq(apiTokens.companyId, companyId), showRevoked ? undefined : isNull(apiTokens.revokedAt)))
        .orderBy(asc(sql`lower(${apiTokens.alias})`), asc(apiTokens.createdAt));
      return rows.map(flatten);
    },

    async findInCompany(companyId: string, id: string, month: string): Promise<ApiTokenRow | undefined> {
      const [row] = await select(month).where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)));
      return row && flatten(row);
    },

    /** The month's calls of these tokens by day and endpoint (the page's breakdown). */
    async usage(tokenIds: string[], from: string, to: string): Promise<UsageRow[]> {
      if (tokenIds.length === 0) return [];
      return db
        .select({
          tokenId: apiTokenUsage.tokenId,
          day: apiTokenUsage.day,
          endpoint: apiTokenUsage.endpoint,
          count: apiTokenUsage.count,
        })
        .from(apiTokenUsage)
        .where(
          and(
            inArray(apiTokenUsage.tokenId, tokenIds),
            sql`${apiTokenUsage.day} >= ${from}::date and ${apiTokenUsage.day} < ${to}::date`,
          ),
        )
        .orderBy(asc(apiTokenUsage.day), asc(apiTokenUsage.endpoint));
    },

    /** Whether a live token of the company already has this alias (case-insensitive). */
    async aliasTaken(companyId: string, alias: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(
          and(
            eq(apiTokens.companyId, companyId),
            isNull(apiTokens.revokedAt),
            eq(sql`lower(${apiTokens.alias})`, alias.toLowerCase()),
            exceptId ? ne(apiTokens.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Calls a month each token of the company may make on its plan (null: no plan). */
    async planLimit(companyId: string): Promise<number | null> {
      const [row] = await db
        .select({ limit: billingPlans.monthlyApiCalls })
        .from(companies)
        .leftJoin(billingPlans, eq(billingPlans.id, companies.billingPlanId))
        .where(eq(companies.id, companyId));
      return row?.limit ?? null;
    },

    async insert(
      values: ApiTokenValues & {
        companyId: string;
        prefix: string;
        secretHash: string;
        userId: string | null;
      },
    ): Promise<string> {
      const { userId, ...rest } = values;
      const [row] = await db
        .insert(apiTokens)
        .values({ ...rest, createdBy: userId, updatedBy: userId })
        .returning({ id: apiTokens.id });
      return row!.id;
    },

    async update(id: string, values: ApiTokenValues, userId: string | null): Promise<void> {
      await db
        .update(apiTokens)
        .set({ ...values, updatedAt: new Date(), updatedBy: userId })
        .where(eq(apiTokens.id, id));
    },

    async revoke(id: string, userId: string | null): Promise<void> {
      const now = new Date();
      await db
        .update(apiTokens)
        .set({ revokedAt: now, updatedAt: now, updatedBy: userId })
        .where(eq(apiTokens.id, id));
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
