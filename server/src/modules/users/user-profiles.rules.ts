/**
 * Who may grant which profiles (docs/ROLES.md): only ADMIN grants global roles or other companies; and
 * who owns an account: a client admin only one whose every profile is in their company.
 */
import { companyRoles, globalRoles, type Role } from '@aforo/contracts/roles';
import type { UserProfileInput } from '@aforo/contracts/users';
import { AppError, ForbiddenError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { NewProfile } from './users.repository';

const isSubset = (roles: readonly Role[], allowed: readonly Role[]) =>
  roles.every((r) => allowed.includes(r));

/** The profiles a caller may save, normalised; throws U1012 for roles the caller may not grant. */
export function allowedProfiles(ctx: RequestContext, input: UserProfileInput[]): NewProfile[] {
  const companies = input.map((p) => p.company?.id ?? null);
  if (new Set(companies).size !== companies.length) throw new AppError('U1012');
  if (input.some((p) => p.roles.length === 0)) throw new AppError('U1011');
  if (!ctx.isGlobal) {
    // a client admin saves exactly one profile: its own company's, with company roles
    const [only] = input;
    if (input.length !== 1 || only?.company?.id !== ctx.companyId) throw new AppError('U1012');
    if (!isSubset(only.roles, companyRoles)) throw new AppError('U1012');
    return [{ companyId: ctx.companyId, roles: [...new Set(only.roles)] }];
  }
  return input.map((p) => {
    const allowed = p.company ? companyRoles : globalRoles;
    if (!isSubset(p.roles, allowed)) throw new AppError('U1012');
    return { companyId: p.company?.id ?? null, roles: [...new Set(p.roles)] };
  });
}

/** The history view of a user's profiles: {companyId or "global": roles}. */
export function profilesForHistory(
  profiles: Array<{ companyId: string | null; roles: string[] }>,
): Record<string, string[]> {
  return Object.fromEntries(profiles.map((p) => [p.companyId ?? 'global', [...p.roles].sort()]));
}

/** Provider staff own every account; a client admin only those that belong to their company alone. */
export function ownsAccount(ctx: RequestContext, all: Array<{ companyId: string | null }>): boolean {
  return ctx.isGlobal || all.every((p) => p.companyId === ctx.companyId);
}

/** Account-wide changes of a shared user would reach other companies (issue 9: account takeover). */
export function assertOwnsAccount(ctx: RequestContext, all: Array<{ companyId: string | null }>): void {
  if (!ownsAccount(ctx, all)) throw new ForbiddenError('F1001');
}

/** What a session is granted on: the profiles with their state and roles, in a comparable form. */
export function accessKey(
  profiles: Array<{ companyId: string | null; state: string; roles: string[] }>,
): string {
  return profiles
    .map((p) => `${p.companyId ?? 'global'}:${p.state}:${[...p.roles].sort().join(',')}`)
    .sort()
    .join(';');
}

interface Identity {
  email: string;
  name: string;
  surname: string;
  phone: string | null;
}

/** Whether a save changes who the account is; the form sends the stored values back unchanged. */
export function identityChanged(stored: Identity, input: Identity): boolean {
  return (
    input.email !== stored.email.trim().toLowerCase() ||
    input.name !== stored.name.trim() ||
    input.surname !== stored.surname.trim() ||
    input.phone !== (stored.phone?.trim() || null)
  );
}
