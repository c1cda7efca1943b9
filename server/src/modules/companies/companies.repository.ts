/** SQL for companies: a global catalogue (the rows are the tenants, not company-owned), so no company scope. */
import { and, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyInputParsed, CompanyListQuery } from '@aforo/contracts/companies';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { billingPlans, companies, countries } from '../../db/schema';
import { paged } from '../../db/paging';

const orderColumns = {
  business_name: companies.businessName,
  created_at: companies.createdAt,
  email: companies.email,
} as const;

export function createCompaniesRepository(db: Db) {
  // users with a profile here (any profile state) who are not deleted; drizzle drops table
  // qualifiers inside sql``, so the correlated subquery is spelled out
  const usersCount = sql<number>`(select count(distinct p."user_id")::int from "user_profiles" p join "users" u on u."id" = p."user_id" where p."company_id" = "companies"."id" and u."deleted_at" is null)`;
  const columns = {
    id: companies.id,
    businessName: companies.businessName,
    slug: companies.slug,
    contactName: companies.contactName,
    position: companies.position,
    email: companies.email,
    phone: companies.phone,
    countryId: companies.countryId,
    billingPlanId: companies.billingPlanId,
    preferredTimezone: companies.preferredTimezone,
    isProvider: companies.isProvider,
    measureRetentionMonths: companies.measureRetentionMonths,
    createdAt: companies.createdAt,
    updatedAt: companies.updatedAt,
    deletedAt: companies.deletedAt,
    country: { id: countries.id, name: countries.name, code: countries.code },
    billingPlan: { id: billingPlans.id, name: billingPlans.name },
    users: usersCount,
  };
  const selectWithRelations = () =>
    db
      .select(columns)
      .from(companies)
      .leftJoin(countries, eq(countries.id, companies.countryId))
      .leftJoin(billingPlans, eq(billingPlans.id, companies.billingPlanId));

  return {
    async list(query: CompanyListQuery): Promise<{ rows: CompanyRow[]; total: number }> {
      const term = query.search?.trim();
      const where = and(
        query.showDeleted ? undefined : isNull(companies.deletedAt),
        term
          ? or(
              containsText(companies.businessName, term),
              containsText(companies.contactName, term),
              containsText(companies.email, term),
            )
          : undefined,
      );
      const column = orderColumns[query.order];
      const direction: SQL = query.dir === 'ASC' ? sql`asc nulls last` : sql`desc nulls last`;
      const base = selectWithRelations()
        .where(where)
        .orderBy(sql`${column} ${direction}`, companies.id);
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(companies).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Deleted companies too, so they can be shown and restored. */
    async findById(id: string): Promise<CompanyRow | undefined> {
      const [row] = await selectWithRelations().where(eq(companies.id, id));
      return row;
    },

    /** Whether a live company other than `exceptId` already has this business name (case-insensitive). */
    async isNameTaken(businessName: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(sql`lower(${companies.businessName}) = lower(${businessName})`, isNull(companies.deletedAt)),
        );
      return rows.some((r) => r.id !== exceptId);
    },

    /** Whether a company other than `exceptId` holds this slug (deleted ones too: a restore keeps its slug). */
    async isSlugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
      return rows.some((r) => r.id !== exceptId);
    },

    /** The slugs in use that start with `base` (to pick a free `base-N`); a slug has no LIKE wildcards. */
    async slugsLike(base: string): Promise<Set<string>> {
      const rows = await db
        .select({ slug: companies.slug })
        .from(companies)
        .where(sql`${companies.slug} like ${`${base}%`}`);
      return new Set(rows.map((r) => r.slug));
    },

    async countryExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
      return row !== undefined;
    },

    async billingPlanExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: billingPlans.id })
        .from(billingPlans)
        .where(eq(billingPlans.id, id));
      return row !== undefined;
    },

    async insert(input: CompanyValues): Promise<string> {
      const [row] = await db.insert(companies).values(input).returning({ id: companies.id });
      return row!.id;
    },

    async update(id: string, input: CompanyValues): Promise<void> {
      await db
        .update(companies)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(companies.id, id));
    },

    async softDelete(id: string): Promise<void> {
      const now = new Date();
      await db
        .update(companies)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(companies.id, id), isNull(companies.deletedAt)));
    },

    async restore(id: string): Promise<void> {
      await db
        .update(companies)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(and(eq(companies.id, id), isNotNull(companies.deletedAt)));
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

/** What a company row is written with: the input, its slug and retention decided. */
export type CompanyValues = Omit<CompanyInputParsed, 'slug' | 'measureRetentionMonths'> & {
  slug: string;
  measureRetentionMonths: number | null;
};

export type CompanyRow = typeof companies.$inferSelect & {
  country: { id: string; name: string; code: string } | null;
  billingPlan: { id: string; name: string } | null;
  users: number;
};
