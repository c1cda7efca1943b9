/** The signed-in user (GET /users/info/logged) and the role check built on it (docs/WEB.md, docs/ROLES.md). */
import { useQuery } from '@tanstack/react-query';
import { canUseRouteGroup, hasAnyRole } from '@aforo/contracts/roles';
import type { ProfileForCheck, Role, RouteGroup } from '@aforo/contracts/roles';
import { currentUserSchema } from '@aforo/contracts/users';
import type { CurrentUser } from '@aforo/contracts/users';
import { apiRequest } from './api';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** Every key of the current user, whatever the company (for invalidation); under 'users', so a user change refreshes it. */
export const currentUserQueryRoot = [...queryKeys.users.all, 'info', 'logged'] as const;

export function currentUserQueryKey(currentCompanyId: string | null) {
  return [...currentUserQueryRoot, currentCompanyId ?? 'default'] as const;
}

export function fetchCurrentUser(token?: string): Promise<CurrentUser> {
  return apiRequest({ path: '/users/info/logged', schema: currentUserSchema, ...(token ? { token } : {}) });
}

export function useCurrentUserQuery() {
  const token = useSession((s) => s.token);
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: currentUserQueryKey(currentCompanyId),
    queryFn: () => fetchCurrentUser(),
    enabled: token !== null,
    staleTime: 5 * 60 * 1000,
  });
}

/** The profiles in the shape the contracts' role check wants. */
export function profilesForCheck(user: Pick<CurrentUser, 'userProfiles'>): ProfileForCheck[] {
  return user.userProfiles.map((profile) => ({
    companyId: profile.company?.id ?? null,
    state: profile.state.name,
    roles: profile.profileRoles,
  }));
}

/** The company the session should use: the stored one if still allowed, else the default, else the first. */
export function pickCurrentCompany(
  user: Pick<CurrentUser, 'company' | 'companies'>,
  stored: string | null,
): string | null {
  const allowed = new Set(user.companies.map((c) => c.id));
  if (stored && allowed.has(stored)) return stored;
  if (user.company && allowed.has(user.company.id)) return user.company.id;
  return user.companies[0]?.id ?? user.company?.id ?? null;
}

export interface RoleRequirement {
  roles?: readonly Role[];
  group?: RouteGroup;
}

/** Whether a user passes a requirement (roles and/or a route group) for the given company. */
export function passesRequirement(
  user: Pick<CurrentUser, 'userProfiles'>,
  currentCompanyId: string | null,
  requirement: RoleRequirement,
): boolean {
  const profiles = profilesForCheck(user);
  if (requirement.group && !canUseRouteGroup(profiles, currentCompanyId, requirement.group)) return false;
  if (requirement.roles && !hasAnyRole(profiles, currentCompanyId, requirement.roles)) return false;
  return true;
}

/** The asynchronous role check of docs/WEB.md: undefined while the user is loading. */
export function useRoleCheck(requirement: RoleRequirement): boolean | undefined {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  if (!user) return undefined;
  return passesRequirement(user, currentCompanyId, requirement);
}

/** A synchronous checker for lists (left bar, section tabs); false while the user is loading. */
export function useAccessCheck(): (requirement: RoleRequirement) => boolean {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return (requirement) => user !== undefined && passesRequirement(user, currentCompanyId, requirement);
}
