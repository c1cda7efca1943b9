import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { loginRequestSchema, tokenResponseSchema } from '@aforo/contracts/auth';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { AuthService } from './auth.service';

export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/login_check',
      {
        schema: {
          tags: ['session'],
          summary: 'Sign in with email and password; returns a JWT valid for one hour',
          body: loginRequestSchema,
          response: {
            200: tokenResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) => ({ token: await auth.signIn(request.body, request.ip) }),
    );

    app.post(
      '/api/users/refreshtoken',
      {
        config: { access: 'signedIn', allowPasswordChange: true },
        schema: {
          tags: ['session'],
          summary: 'A new token while the current one is still valid',
          response: { 200: tokenResponseSchema, ...authErrorResponses },
        },
      },
      async (request) => ({ token: await auth.refresh(contextOf(request)) }),
    );
  };
}
