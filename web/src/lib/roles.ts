/**
 * The role list (docs/ROLES.md "Role list: fetched from the server"): GET /roles names each role in the
 * session's language and says whether provider staff (global) or a client company holds it. The
 * role check stays in contracts/roles.ts; only the list and its names come from here.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { roleListSchema } from '@aforo/contracts/roles';
import type { Role, RoleItem } from '@aforo/contracts/roles';
import { apiRequest } from './api';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** Reference data: fetched once per language and session, not on every screen. */
const rolesStaleMs = 60 * 60 * 1000;

export function useRolesQuery() {
  const language = useSession((s) => s.language);
  const signedIn = useSession((s) => s.token !== null);
  return useQuery({
    queryKey: queryKeys.roles.list({ language }),
    queryFn: async () =>
      (await apiRequest({ path: '/roles', schema: roleListSchema, background: true })).rows,
    enabled: signedIn,
    staleTime: rolesStaleMs,
  });
}

/** The roles a profile of that scope may hold, in the server's order. */
export function rolesOfScope(roles: readonly RoleItem[], scope: 'global' | 'company'): RoleItem[] {
  return roles.filter((r) => r.scope === scope).sort((a, b) => a.order - b.order);
}

/** Role id → its name from the server; the id itself until the list has loaded (or when it failed). */
export function useRoleLabel(): (role: Role | string) => string {
  const { data } = useRolesQuery();
  return useMemo(() => {
    const labels = new Map((data ?? []).map((r) => [r.id as string, r.label]));
    return (role) => labels.get(role) ?? role;
  }, [data]);
}
