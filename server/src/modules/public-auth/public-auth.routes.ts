import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import {
  activateUserSchema,
  activationInfoSchema,
  activationTokenParamsSchema,
  restorePasswordSchema,
  restoreRequestSchema,
} from '@aforo/contracts/public-auth';
import { AppError, RateLimitedError } from '../../core/errors';
import { addressKey, RateLimiter, retryAfterSeconds } from '../../lib/rate-limiter';
import type { PublicAuthService } from './public-auth.service';

const errors = { 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const tags = ['public'];

export function publicAuthRoutes(auth: PublicAuthService, perIpPerMinute = 10): FastifyPluginAsyncZod {
  return async (app) => {
    const byIp = new RateLimiter(perIpPerMinute, 60_000);
    // unauthenticated calls that mail or try tokens: limited per address
    app.addHook('onRequest', async (request) => {
      const address = addressKey(request.ip);
      if (!byIp.hit(address)) throw new RateLimitedError(retryAfterSeconds(byIp.retryAfterMs(address)));
    });
    // restore mails still being prepared finish before the database closes
    app.addHook('onClose', () => auth.drain());

    app.post(
      '/public/request/restore/password',
      {
        schema: {
          tags,
          summary: 'Mail a one-time reset link; answers the same whether or not the account exists',
          body: restoreRequestSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        auth.requestRestore(request.body.email, request.log);
        return { ok: true as const };
      },
    );
    app.post(
      '/public/restore/password',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset link (U1010 when invalid or expired)',
          body: restorePasswordSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await auth.restorePassword(request.body.token, request.body.password);
        return { ok: true as const };
      },
    );
    app.get(
      '/public/activate/user/:token',
      {
        schema: {
          tags,
          summary: 'Who an activation link is for (U1007 when invalid or expired, PU1000 once activated)',
          params: activationTokenParamsSchema,
          response: { 200: activationInfoSchema, ...errors },
        },
      },
      async (request) => auth.activationInfo(request.params.token),
    );
    app.post(
      '/public/activate/user/:token',
      {
        schema: {
          tags,
          summary: 'Set the first password of a new account (PU1000 when already activated)',
          params: activationTokenParamsSchema,
          body: activateUserSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (request) => {
        await auth.activate(request.params.token, request.body.password);
        return { ok: true as const };
      },
    );
    // a token longer than the router's parameter limit, or extra segments: a bad link, not a page
    const badLink = async () => {
      throw new AppError('U1007');
    };
    app.get('/public/activate/user/*', { schema: { hide: true } }, badLink);
    app.post('/public/activate/user/*', { schema: { hide: true } }, badLink);
  };
}
