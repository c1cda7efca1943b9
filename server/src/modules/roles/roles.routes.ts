import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isGlobalRole, roleListSchema, roleNames, type RoleItem } from '@aforo/contracts/roles';
import { authErrorResponses } from '../../http/responses';

// Roles are fixed by the product (spec §6); the roles table mirrors this list for foreign keys.
const scopeOf = (name: RoleItem['name']): RoleItem['scope'] =>
  name === 'ROLE_CHANGE_PASSWORD' ? 'system' : isGlobalRole(name) ? 'global' : 'company';

export function rolesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/roles',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['users'],
          summary: 'The role list',
          response: { 200: roleListSchema, ...authErrorResponses },
        },
      },
      async () => {
        const rows = roleNames.map((name) => ({ id: name, name, scope: scopeOf(name) }));
        return { rows, total: rows.length };
      },
    );
  };
}
