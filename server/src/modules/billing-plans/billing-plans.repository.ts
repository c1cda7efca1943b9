/** SQL for billing plans (global reference data: no company scope). */
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { BillingPlanInput, BillingPlanListQuery } from '@aforo/contracts/billing-plans';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { billingPlans, companies } from '../../db/schema';
import { paged } from '../../db/paging';

export type BillingPlanRow = typeof billingPlans.$inferSelect & { companies: number };

const orderColumns = {
  name: billingPlans.name,
  monthly_api_calls: billingPlans.monthlyApiCalls,
  max_points: billingPlans.maxPoints,
  max_users: billingPlans.maxUsers,
  created_at: billingPlans.createdAt,
} as const;

export function createBillingPlansRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const companiesCount = sql<number>`(select count(*)::int from "companies" c where c."billing_plan_id" = "billing_plans"."id" and c."deleted_at" is null)`;
  const columns = {
    id: billingPlans.id,
    name: billingPlans.name,
    monthlyApiCalls: billingPlans.monthlyApiCalls,
    maxPoints: billingPlans.maxPoints,
    maxUsers: billingPlans.maxUsers,
    createdAt: billingPlans.createdAt,
    updatedAt: billingPlans.updatedAt,
    companies: companiesCount,
  };

  return {
    async list(query: BillingPlanListQuery): Promise<{ rows: BillingPlanRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term ? containsText(billingPlans.name, term) : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(billingPlans)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(billingPlans.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(billingPlans).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<BillingPlanRow | undefined> {
      const [row] = await db.select(columns).from(billingPlans).where(eq(billingPlans.id, id));
      return row;
    },

    /** Whether another plan than `exceptId` already uses this name (case-insensitive). */
    async isNameTaken(name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: billingPlans.id })
        .from(billingPlans)
        .where(sql`lower(${billingPlans.name}) = lower(${name})`);
      return rows.some((r) => r.id !== exceptId);
    },

    async insert(input: BillingPlanInput): Promise<string> {
      const [row] = await db.insert(billingPlans).values(input).returning({ id: billingPlans.id });
      return row!.id;
    },

    async update(id: string, input: BillingPlanInput): Promise<void> {
      await db
        .update(billingPlans)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(billingPlans.id, id));
    },

    /** Soft-deleted companies still on the plan (they would block the hard delete by foreign key). */
    async deletedCompaniesOn(id: string): Promise<string[]> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.billingPlanId, id), isNotNull(companies.deletedAt)));
      return rows.map((r) => r.id);
    },

    async detachDeletedCompanies(id: string): Promise<void> {
      await db
        .update(companies)
        .set({ billingPlanId: null, updatedAt: new Date() })
        .where(and(eq(companies.billingPlanId, id), isNotNull(companies.deletedAt)));
    },

    async remove(id: string): Promise<void> {
      await db.delete(billingPlans).where(eq(billingPlans.id, id));
    },
  };
}
export type BillingPlansRepository = ReturnType<typeof createBillingPlansRepository>;
