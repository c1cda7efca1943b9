import type { Language } from '@aforo/contracts/constants';
import type { ProfileForCheck, Role, RouteGroup } from '@aforo/contracts/roles';
import type { UserState } from '@aforo/contracts/users';

/** Who is calling and for which company; the first argument of every service and repository call. */
export interface RequestContext {
  userId: string;
  email: string;
  state: UserState;
  profiles: ProfileForCheck[];
  /** The company the call is about (X-Current-Company, else the user's default). */
  companyId: string | null;
  /** Provider staff: their global profile holds ADMIN, CHIEF or VIEWER. */
  isGlobal: boolean;
  roles: Role[];
  lang: Language;
  /** The session version of the caller's token (a refresh keeps it; see auth/session.ts). */
  sessionVersion?: number;
}

export interface RouteAccess {
  /** Route group of spec §6 whose roles may call the route. */
  access?: RouteGroup;
  /** Reachable while the account is in "Change Password" state. */
  allowPasswordChange?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: RequestContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess['access'];
    allowPasswordChange?: RouteAccess['allowPasswordChange'];
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
