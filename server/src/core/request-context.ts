import type { Language } from '@aforo/contracts/constants';
import type { ProfileForCheck, Role } from '@aforo/contracts/roles';
import type { UserState } from '@aforo/contracts/users';

/**
 * Who is calling. A signed-in user today; API tokens (their company, optionally some layers), the
 * public dashboard (a company's public points) and the system (jobs, ingestion) are callers too,
 * and the one access function (core/access.ts) answers for each kind.
 */
export type Caller =
  | { kind: 'user'; userId: string; companyId: string | null; isGlobal: boolean }
  | { kind: 'apiToken'; tokenId: string; companyId: string; layerIds: string[] | null }
  | { kind: 'public'; companyId: string }
  | { kind: 'system'; reason: string };

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
  /** The same caller, as the access function sees it. */
  caller: Caller;
  /** The session version of the caller's token (a refresh keeps it; see auth/session.ts). */
  sessionVersion?: number;
}

/** The caller of a signed-in user's context. */
export function userCaller(ctx: Pick<RequestContext, 'userId' | 'companyId' | 'isGlobal'>): Caller {
  return { kind: 'user', userId: ctx.userId, companyId: ctx.companyId, isGlobal: ctx.isGlobal };
}
