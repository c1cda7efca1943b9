import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import {
  billingPlanInputSchema,
  billingPlanListQuerySchema,
  billingPlanListSchema,
  billingPlanSchema,
} from '@aforo/contracts/billing-plans';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { BillingPlansService } from './billing-plans.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['billing-plans'];

export function billingPlansRoutes(billingPlans: BillingPlansService): FastifyPluginAsyncZod {
  return async (app) => {
    // reads serve form selectors for provider staff; the service checks the finer right
    app.get(
      '/api/billing-plans',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          querystring: billingPlanListQuerySchema,
          response: { 200: billingPlanListSchema, ...errors },
        },
      },
      async (request) => billingPlans.list(contextOf(request), request.query),
    );
    app.get(
      '/api/billing-plans/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags, params: idParamsSchema, response: { 200: billingPlanSchema, ...errors } },
      },
      async (request) => billingPlans.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/billing-plans',
      {
        config: { access: 'system' },
        schema: { tags, body: billingPlanInputSchema, response: { 201: billingPlanSchema, ...errors } },
      },
      async (request, reply) =>
        reply.status(201).send(await billingPlans.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/billing-plans/:id',
      {
        config: { access: 'system' },
        schema: {
          tags,
          params: idParamsSchema,
          body: billingPlanInputSchema,
          response: { 200: billingPlanSchema, ...errors },
        },
      },
      async (request) => billingPlans.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/billing-plans/:id',
      {
        config: { access: 'system' },
        schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
      },
      async (request) => {
        await billingPlans.remove(contextOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
}
