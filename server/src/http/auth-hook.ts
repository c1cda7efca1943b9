/** Authentication and the route-level role check (docs/ROLES.md), applied to every route in one place. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canUseRouteGroup } from '@aforo/contracts/roles';
import type { SessionResolver } from '../auth/session';
import type { ApiTokenAuth } from '../auth/api-token-auth';
import { ForbiddenError, UnauthorizedError } from '../core/errors';
import { userOf } from '../core/request-context';
import { languageOf } from './language';
import { isPublicRoute } from './public-routes';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: string | undefined;
}

/** Installs the hooks; returns the access table of every route registered afterwards. */
export function registerAuthHook(
  app: FastifyInstance,
  sessions: SessionResolver,
  apiTokens?: ApiTokenAuth,
): RouteAccessEntry[] {
  const table: RouteAccessEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url, access: route.config?.access });
    const open = methods.every((m) => isPublicRoute(m, route.url));
    // deny by default: an /api route must say who may call it
    if (!open && !route.config?.access)
      throw new Error(`${methods.join(',')} ${route.url} has no access group`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (isPublicRoute(request.method, request.routeOptions.url) && !config.access) return;
    const lang = languageOf(request);
    if (config.access === 'apiToken') {
      // the external API: API tokens only, counted against their month (a session token is refused)
      if (!apiTokens) throw new UnauthorizedError('TK1010');
      const started = performance.now();
      const call = await apiTokens.admit(
        header(request, 'authorization'),
        request.routeOptions.url ?? '',
        lang,
      );
      // what the token check and its count cost this call (bench:api reads it; browsers show it)
      const spent = (performance.now() - started).toFixed(2);
      reply.headers({ ...call.headers, 'server-timing': `quota;dur=${spent}` });
      request.ctx = call.ctx;
      return;
    }
    const ctx = await sessions.resolve(
      header(request, 'authorization'),
      header(request, 'x-current-company'),
      lang,
    );
    request.ctx = ctx;
    const user = userOf(ctx);
    if (user.state === 'Change Password' && !config.allowPasswordChange) throw new ForbiddenError('AU1007');
    if (!config.access || !canUseRouteGroup(user.profiles, ctx.companyId, config.access))
      throw new ForbiddenError();
  });
  return table;
}
