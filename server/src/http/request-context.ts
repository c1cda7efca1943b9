/** Fastify glue of the request context: route access config and the decorations the auth hook adds. */
import type { ErrorCode } from '@aforo/contracts/errors';
import type { RouteGroup } from '@aforo/contracts/roles';
import type { RequestContext } from '../core/request-context';

export interface RouteAccess {
  /**
   * Route group of docs/ROLES.md whose roles may call the route, or `apiToken`: the external API
   * (/api/v1), reached only with an API token (auth/api-token-auth.ts), never with a session.
   */
  access?: RouteGroup | 'apiToken';
  /** Reachable while the account is in "Change Password" state. */
  allowPasswordChange?: boolean;
  /**
   * Spec codes of invalid body fields (e.g. email → UP1011): a request refused for such a field
   * answers its code instead of V1000, with every field's message as usual. Not for missing values.
   */
  fieldCodes?: Readonly<Record<string, ErrorCode>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess['access'];
    allowPasswordChange?: RouteAccess['allowPasswordChange'];
    fieldCodes?: RouteAccess['fieldCodes'];
  }
  interface FastifyInstance {
    /** Every route with its access group, as the auth hook saw it (walked by a test). */
    accessTable: ReadonlyArray<{ method: string; url: string; access: string | undefined }>;
  }
}

/** The context of an authenticated route; the auth hook guarantees it exists. */
export function contextOf(request: { ctx?: RequestContext }): RequestContext {
  if (!request.ctx) throw new Error('route used without authentication');
  return request.ctx;
}
