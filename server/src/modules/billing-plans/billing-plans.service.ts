/** Billing plans (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import { ConflictError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { recordChange } from '../../core/history';
import { billingPlanHistory, toBillingPlan } from './billing-plans.mapper';
import { createBillingPlansRepository, type BillingPlansRepository } from './billing-plans.repository';
import type { BillingPlan } from '@aforo/contracts/billing-plans';
import type { Deps } from '../../deps';

export function createBillingPlansService({ db, transact }: Deps) {
  return createCatalogueService<BillingPlansRepository, BillingPlan>(
    { db, transact },
    {
      entityType: 'billing_plan',
      notFound: 'BP1000',
      rights: { read: 'catalogue.read', edit: 'catalogue.edit' },
      repository: createBillingPlansRepository,
      toDto: toBillingPlan,
      history: billingPlanHistory,
      async assertInput(_ctx, repo, input, exceptId) {
        if (await repo.isNameTaken(input.name, exceptId)) throw new ConflictError('BP1001');
      },
      async beforeRemove(ctx, tx, repo, plan) {
        if (plan.companies > 0) throw new ConflictError('BP0001');
        // soft-deleted companies lose the plan (recorded in their history) so the hard delete can go ahead
        const detached = await repo.deletedCompaniesOn(plan.id);
        await repo.detachDeletedCompanies(plan.id);
        for (const companyId of detached) {
          await recordChange(tx, ctx, {
            entityType: 'company',
            entityId: companyId,
            action: 'update',
            companyId,
            before: { billingPlanId: plan.id },
            after: { billingPlanId: null },
          });
        }
      },
    },
  );
}
export type BillingPlansService = ReturnType<typeof createBillingPlansService>;
