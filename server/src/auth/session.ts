/** Turns a bearer token and X-Current-Company into the request context, or refuses the call. */
import { z } from 'zod';
import type { Language } from '@aforo/contracts/constants';
import { effectiveRoles, type ProfileForCheck, type Role } from '@aforo/contracts/roles';
import { userStateOf } from '@aforo/contracts/users';
import { NotFoundError, UnauthorizedError, ValidationError } from '../core/errors';
import { isGlobalUser, userContext, type RequestContext } from '../core/request-context';
import type { ProfileRow, SessionRepository, UserRow } from './session.repository';
import type { TokenService } from './jwt';
import { fieldMessage } from '@aforo/contracts/errors';

const uuid = z.uuid();

export function profilesForCheck(rows: ProfileRow[]): ProfileForCheck[] {
  return rows.map((p) => ({
    companyId: p.companyId,
    state: p.state === 'Active' ? 'Active' : 'Disabled',
    roles: p.roles as Role[],
  }));
}

/** Refuses accounts that may not hold a session; Change Password is let through (routes decide). */
export function assertAccountUsable(user: UserRow): void {
  if (user.deletedAt) throw new UnauthorizedError('AU1003');
  if (user.state === 'Suspended') throw new UnauthorizedError('AU1001');
  if (user.state !== 'Active' && user.state !== 'Change Password') throw new UnauthorizedError('AU1008');
}

/** The roles a token carries: the effective ones, plus ROLE_CHANGE_PASSWORD while forced to change it. */
export function tokenRoles(state: string, profiles: ProfileForCheck[], companyId: string | null): Role[] {
  const roles = effectiveRoles(profiles, companyId);
  return state === 'Change Password' ? [...roles, 'ROLE_CHANGE_PASSWORD'] : roles;
}

export function createSessionResolver(tokens: TokenService, usersRepo: SessionRepository) {
  /** The default company of a user: their stored choice if still allowed, else the first allowed. */
  async function defaultCompany(user: UserRow, profiles: ProfileForCheck[]): Promise<string | null> {
    if (isGlobalUser(profiles)) {
      if (user.defaultCompanyId && (await usersRepo.companyExists(user.defaultCompanyId)))
        return user.defaultCompanyId;
      return usersRepo.providerCompanyId();
    }
    const active = profiles.filter((p) => p.state === 'Active' && p.companyId !== null);
    const stored = active.find((p) => p.companyId === user.defaultCompanyId);
    return (stored ?? active[0])?.companyId ?? null;
  }

  async function currentCompany(
    header: string | undefined,
    user: UserRow,
    profiles: ProfileForCheck[],
    lang: Language,
  ): Promise<string | null> {
    if (header === undefined || header === '') return defaultCompany(user, profiles);
    if (!uuid.safeParse(header).success) {
      throw new ValidationError({ 'X-Current-Company': fieldMessage('invalid', lang) });
    }
    if (isGlobalUser(profiles)) {
      if (!(await usersRepo.companyExists(header))) throw new NotFoundError('CO1000');
      return header;
    }
    // another company's id answers 404, never 403: no existence leak
    const allowed = profiles.some((p) => p.state === 'Active' && p.companyId === header);
    if (!allowed) throw new NotFoundError('CO1000');
    return header;
  }

  return {
    defaultCompany,

    async resolve(
      authorization: string | undefined,
      companyHeader: string | undefined,
      lang: Language,
    ): Promise<RequestContext> {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
      if (!match?.[1]) throw new UnauthorizedError('AU1003');
      const check = await tokens.verify(match[1]);
      if (!check.ok) throw new UnauthorizedError(check.reason === 'expired' ? 'AU1002' : 'AU1003');
      const found = await usersRepo.findForSession(check.claims.sub);
      if (!found) throw new UnauthorizedError('AU1003');
      assertAccountUsable(found.user);
      // a password change, disable, delete or new roles raised the version: earlier tokens are over
      if (check.claims.sv !== found.user.sessionVersion) throw new UnauthorizedError('AU1002');
      const profiles = profilesForCheck(found.profiles);
      const companyId = await currentCompany(companyHeader, found.user, profiles, lang);
      const user = found.user;
      const { id: userId, email, sessionVersion } = user;
      return userContext(
        { userId, email, state: userStateOf(user.state), profiles, sessionVersion },
        companyId,
        lang,
      );
    },
  };
}
export type SessionResolver = ReturnType<typeof createSessionResolver>;
