/** Billing plans (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import type { BillingPlan, BillingPlanInput, BillingPlanListQuery } from '@aforo/contracts/billing-plans';
import { assertCan } from '../../auth/access';
import type { Db } from '../../db/client';
import { transactor } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { recordChange } from '../log-entries/history';
import { billingPlanHistory, toBillingPlan } from './billing-plans.mapper';
import { createBillingPlansRepository, type BillingPlansRepository } from './billing-plans.repository';

const entityType = 'billing_plan';

export function createBillingPlansService(db: Db) {
  const transact = transactor(db);

  async function existing(repo: BillingPlansRepository, id: string) {
    const row = await repo.findById(id);
    if (!row) throw new NotFoundError('BP1000');
    return row;
  }

  async function assertUnique(repo: BillingPlansRepository, input: BillingPlanInput, exceptId?: string) {
    if (await repo.isNameTaken(input.name, exceptId)) throw new ConflictError('BP1001');
  }

  return {
    async list(ctx: RequestContext, query: BillingPlanListQuery) {
      assertCan(ctx, 'catalogue.read');
      const { rows, total } = await createBillingPlansRepository(db).list(query);
      return { rows: rows.map(toBillingPlan), total };
    },

    async get(ctx: RequestContext, id: string): Promise<BillingPlan> {
      assertCan(ctx, 'catalogue.read');
      return toBillingPlan(await existing(createBillingPlansRepository(db), id));
    },

    create(ctx: RequestContext, input: BillingPlanInput): Promise<BillingPlan> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createBillingPlansRepository(tx);
        await assertUnique(repo, input);
        const after = await existing(repo, await repo.insert(input));
        await recordChange(tx, ctx, {
          entityType,
          entityId: after.id,
          action: 'create',
          companyId: null,
          before: null,
          after: billingPlanHistory(after),
        });
        return toBillingPlan(after);
      });
    },

    update(ctx: RequestContext, id: string, input: BillingPlanInput): Promise<BillingPlan> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createBillingPlansRepository(tx);
        const before = await existing(repo, id);
        await assertUnique(repo, input, id);
        await repo.update(id, input);
        const after = await existing(repo, id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'update',
          companyId: null,
          before: billingPlanHistory(before),
          after: billingPlanHistory(after),
        });
        return toBillingPlan(after);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'catalogue.edit');
      return transact(async (tx) => {
        const repo = createBillingPlansRepository(tx);
        const before = await existing(repo, id);
        if (before.companies > 0) throw new ConflictError('BP0001');
        // soft-deleted companies lose the plan (recorded in their history) so the hard delete can go ahead
        const detached = await repo.deletedCompaniesOn(id);
        await repo.detachDeletedCompanies(id);
        for (const companyId of detached) {
          await recordChange(tx, ctx, {
            entityType: 'company',
            entityId: companyId,
            action: 'update',
            companyId,
            before: { billingPlanId: id },
            after: { billingPlanId: null },
          });
        }
        await repo.remove(id);
        await recordChange(tx, ctx, {
          entityType,
          entityId: id,
          action: 'delete',
          companyId: null,
          before: billingPlanHistory(before),
          after: null,
        });
      });
    },
  };
}
export type BillingPlansService = ReturnType<typeof createBillingPlansService>;
