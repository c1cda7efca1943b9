import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenInputSchema,
  apiTokenListQuerySchema,
  apiTokenListSchema,
  apiTokenSchema,
  createdApiTokenSchema,
} from '@aforo/contracts/api-tokens';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ApiTokensService } from './api-tokens.service';

const errors = { ...authErrorResponses, 409: apiErrorSchema };
const tags = ['tokens'];
// the accounts group (ADMIN, ADMIN_CLIENTE); the service checks tokens.manage
const config = { access: 'accounts' as const };

export function apiTokensRoutes(tokens: ApiTokensService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tokens',
      {
        config,
        schema: {
          tags,
          summary: "The current company's API tokens with this month's usage",
          querystring: apiTokenListQuerySchema,
          response: { 200: apiTokenListSchema, ...errors },
        },
      },
      async (request) => tokens.list(contextOf(request), request.query.showRevoked),
    );
    app.get(
      '/api/tokens/:id',
      { config, schema: { tags, params: idParamsSchema, response: { 200: apiTokenSchema, ...errors } } },
      async (request) => tokens.get(contextOf(request), request.params.id),
    );
    app.post(
      '/api/tokens',
      {
        config,
        schema: {
          tags,
          summary: 'Create; the answer holds the secret, the only time it is returned',
          body: apiTokenInputSchema,
          response: { 201: createdApiTokenSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await tokens.create(contextOf(request), request.body)),
    );
    app.put(
      '/api/tokens/:id',
      {
        config,
        schema: {
          tags,
          params: idParamsSchema,
          body: apiTokenInputSchema,
          response: { 200: apiTokenSchema, ...errors },
        },
      },
      async (request) => tokens.update(contextOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/tokens/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Revoke: the token answers 401 from now on; it stays listed (showRevoked) with its history',
          params: idParamsSchema,
          response: { 200: apiTokenSchema, ...errors },
        },
      },
      async (request) => tokens.revoke(contextOf(request), request.params.id),
    );
  };
}
