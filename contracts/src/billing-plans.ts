import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText } from './common/text';

export const billingPlanSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** API calls a month allowed to each token of a company on the plan. */
  monthlyApiCalls: z.number().int(),
  maxPoints: z.number().int(),
  maxUsers: z.number().int(),
  companies: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

// JSON numbers only: coercion would take true as 1 and "" or null as 0
const count = z.number().int().min(0).max(1_000_000_000);
export const billingPlanInputSchema = z.object({
  name: requiredText(100),
  monthlyApiCalls: count,
  maxPoints: count,
  maxUsers: count,
});
export type BillingPlanInput = z.infer<typeof billingPlanInputSchema>;

export const billingPlanOrderFields = [
  'name',
  'monthly_api_calls',
  'max_points',
  'max_users',
  'created_at',
] as const;
export const billingPlanListQuerySchema = listQuerySchema.extend({
  order: z.enum(billingPlanOrderFields).default('name'),
});
export type BillingPlanListQuery = z.infer<typeof billingPlanListQuerySchema>;
export const billingPlanListSchema = listResponseSchema(billingPlanSchema);
