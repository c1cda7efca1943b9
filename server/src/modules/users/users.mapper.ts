/** Rows → the User and CurrentUser shapes of contracts/users.ts; nothing else reaches the wire. */
import type { CompanySummary } from '@aforo/contracts/companies';
import type { Language } from '@aforo/contracts/constants';
import type { Role } from '@aforo/contracts/roles';
import type { CurrentUser, User, UserProfile } from '@aforo/contracts/users';
import { userStateOf } from '@aforo/contracts/users';
import type { CompanyRow, ProfileRow, UserRow } from './users.repository';

export function toUserProfile(p: ProfileRow): UserProfile {
  const roles = p.roles as Role[];
  return {
    id: p.id,
    state: { name: p.state === 'Active' ? 'Active' : 'Disabled' },
    company: p.companyId ? { id: p.companyId, businessName: p.companyName ?? '' } : null,
    profileRoles: roles,
    rolesAssociated: roles.map((id) => ({ id })),
  };
}

export function toCompanySummary(c: CompanyRow): CompanySummary {
  return {
    id: c.id,
    businessName: c.businessName,
    slug: c.slug,
    isProvider: c.isProvider,
    preferredTimezone: c.preferredTimezone,
  };
}

export function toUser(
  user: UserRow,
  profiles: ProfileRow[],
  companyId: string | null,
  roles: Role[],
  editableIdentity = true,
): User {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    state: { name: userStateOf(user.state) },
    company: companyId ? { id: companyId } : null,
    userProfiles: profiles.map(toUserProfile),
    roles,
    createdAt: user.createdAt.toISOString(),
    editableIdentity,
  };
}

export function toCurrentUser(
  user: User,
  extra: { isGlobal: boolean; companies: CompanyRow[]; language: string },
): CurrentUser {
  return {
    ...user,
    isGlobal: extra.isGlobal,
    companies: extra.companies.map(toCompanySummary),
    language: (extra.language === 'en' ? 'en' : 'es') as Language,
  };
}
