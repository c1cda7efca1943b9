import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleListSchema } from '@aforo/contracts/roles';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { RolesService } from './roles.service';

export function rolesRoutes(roles: RolesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/roles',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['users'],
          summary: 'The role list: id, name in the request language, scope (global/company/system), order',
          response: { 200: roleListSchema, ...authErrorResponses },
        },
      },
      async (request) => roles.list(contextOf(request)),
    );
  };
}
