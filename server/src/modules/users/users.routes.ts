import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okResponseSchema,
  passwordChangedResponseSchema,
  updatePasswordRequestSchema,
} from '@aforo/contracts/auth';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { currentUserSchema } from '@aforo/contracts/users';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { UsersService } from './users.service';

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users/info/logged',
      {
        config: { access: 'signedIn', allowPasswordChange: true },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user, their profiles and the companies they may select',
          response: { 200: currentUserSchema, ...authErrorResponses },
        },
      },
      async (request) => users.loggedUser(contextOf(request)),
    );

    app.put(
      '/api/users/:id/update/password',
      {
        config: { access: 'signedIn', allowPasswordChange: true },
        schema: {
          tags: ['users'],
          summary:
            'Change your own password (also ends the "Change Password" state); every earlier session ' +
            'ends, the answer carries a new token',
          params: idParamsSchema,
          body: updatePasswordRequestSchema,
          response: { 200: passwordChangedResponseSchema, ...authErrorResponses },
        },
      },
      async (request) => ({
        ok: true as const,
        token: await users.updateOwnPassword(contextOf(request), request.params.id, request.body),
      }),
    );

    app.patch(
      '/api/users/current-company',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['users'],
          summary: 'Store the company named in X-Current-Company as your default',
          response: { 200: okResponseSchema, ...authErrorResponses },
        },
      },
      async (request) => {
        const header = request.headers['x-current-company'];
        await users.setCurrentCompany(contextOf(request), Array.isArray(header) ? header[0] : header);
        return { ok: true as const };
      },
    );
  };
}
