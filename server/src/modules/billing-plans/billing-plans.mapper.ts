import type { BillingPlan } from '@aforo/contracts/billing-plans';
import type { BillingPlanRow } from './billing-plans.repository';

export function toBillingPlan(row: BillingPlanRow): BillingPlan {
  return {
    id: row.id,
    name: row.name,
    monthlyApiCalls: row.monthlyApiCalls,
    maxPoints: row.maxPoints,
    maxUsers: row.maxUsers,
    companies: row.companies,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function billingPlanHistory(row: BillingPlanRow): Record<string, unknown> {
  return {
    name: row.name,
    monthlyApiCalls: row.monthlyApiCalls,
    maxPoints: row.maxPoints,
    maxUsers: row.maxUsers,
  };
}
