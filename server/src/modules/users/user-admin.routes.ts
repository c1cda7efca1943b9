import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  userActionParamsSchema,
  userInputFieldCodes,
  userInputSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  validateEmailQuerySchema,
  validateEmailResponseSchema,
} from '@aforo/contracts/users';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { UserAdminService } from './user-admin.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['users'];
const config = { access: 'accounts' as const };
/** Saves of a user: an invalid email answers UP1011 (docs/VALIDATION.md), other invalid fields V1000. */
const saveConfig = { ...config, fieldCodes: userInputFieldCodes };

export function userAdminRoutes(users: UserAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users',
      {
        config,
        schema: {
          tags,
          summary: 'Users of the current company, or provider staff with fdxUsers',
          querystring: userListQuerySchema,
          response: { 200: userListSchema, ...errors },
        },
      },
      async (request) => users.list(contextOf(request), request.query),
    );
    app.get(
      '/api/users/validate/:email',
      {
        config,
        schema: {
          tags,
          summary: 'Whether an email may be used for a new user (optionally in a company)',
          params: z.object({ email: z.string().max(300) }),
          querystring: validateEmailQuerySchema,
          response: { 200: validateEmailResponseSchema, ...errors },
        },
      },
      async (request) => {
        await users.validateEmail(contextOf(request), request.params.email, request.query.companyId);
        return { available: true as const };
      },
    );
    app.get(
      '/api/users/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One user (another company’s user answers 404)',
          params: idParamsSchema,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => users.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/users',
      {
        config: saveConfig,
        schema: {
          tags,
          summary: 'Create a user; an activation mail is sent',
          body: userInputSchema,
          response: { 201: userSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await users.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/users/:id',
      {
        config: saveConfig,
        schema: {
          tags,
          params: idParamsSchema,
          body: userInputSchema,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => users.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/users/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Soft delete (restorable)',
          params: idParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await users.act(contextOf(request), request.params.id, 'delete');
        return { ok: true as const };
      },
    );
    app.post(
      '/api/users/:id/:action',
      {
        config,
        schema: {
          tags,
          summary: 'enable, disable, suspend, unsuspend, restore or renew-activation',
          params: userActionParamsSchema,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => users.act(contextOf(request), request.params.id, request.params.action),
    );
  };
}
