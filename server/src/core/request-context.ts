import type { Language } from '@aforo/contracts/constants';
import { effectiveProfile, isGlobalRole, type ProfileForCheck, type Right } from '@aforo/contracts/roles';
import type { Viewer } from '../db/scope';
import { ForbiddenError } from './errors';
import type { Caller, UserCaller } from './caller';
import { rightsOf } from './rights';

export type { Caller, UserCaller };

/** Who is calling, for which company, in which language, with which rights: every service's first argument. */
export interface RequestContext {
  caller: Caller;
  /** The company the call is about (for users X-Current-Company, else their default). */
  companyId: string | null;
  lang: Language;
  /** What the caller may do in `companyId`. */
  rights: ReadonlySet<Right>;
  /** May read across companies: provider staff and the system. */
  isGlobal: boolean;
}

/** The context of a caller in a company; rights follow from the caller's kind. */
export function callerContext(caller: Caller, companyId: string | null, lang: Language): RequestContext {
  const isGlobal = caller.kind === 'system' || (caller.kind === 'user' && caller.isGlobal);
  return { caller, companyId, lang, rights: rightsOf(caller, companyId), isGlobal };
}

/** Provider staff: an active profile holds a global role (ADMIN, CHIEF, VIEWER). */
export function isGlobalUser(profiles: readonly ProfileForCheck[]): boolean {
  return profiles.some((p) => p.state === 'Active' && p.roles.some(isGlobalRole));
}

/** A signed-in user's context in a company: roles and rights follow from their profiles there. */
export function userContext(
  user: Pick<UserCaller, 'userId' | 'email' | 'state' | 'profiles' | 'sessionVersion'>,
  companyId: string | null,
  lang: Language,
): RequestContext {
  const roles = effectiveProfile(user.profiles, companyId)?.roles.slice() ?? [];
  const isGlobal = isGlobalUser(user.profiles);
  return callerContext({ kind: 'user', ...user, roles, companyId, isGlobal }, companyId, lang);
}

/** A job's or an engine's context in a company (every right; the reason is for logs and audits). */
export function systemContext(
  reason: string,
  companyId: string | null,
  lang: Language = 'es',
): RequestContext {
  return callerContext({ kind: 'system', reason }, companyId, lang);
}

/** The public dashboard's context for a company: the points it marked public, read-only. */
export function publicContext(companyId: string, lang: Language = 'es'): RequestContext {
  return callerContext({ kind: 'public', companyId }, companyId, lang);
}

/** The signed-in user behind the call; operations that only a person can do (own password, favourites) ask it. */
export function userOf(ctx: RequestContext): UserCaller {
  if (ctx.caller.kind !== 'user') throw new ForbiddenError();
  return ctx.caller;
}

/** The user an audit or an `updated_by` names: null for the system, a token or the public. */
export function actorId(ctx: RequestContext): string | null {
  return ctx.caller.kind === 'user' ? ctx.caller.userId : null;
}

/** The call's company and the user whose favourites decorate list rows (db/scope.ts). */
export function viewerOf(ctx: RequestContext): Viewer {
  return { companyId: ctx.companyId, userId: actorId(ctx) };
}
