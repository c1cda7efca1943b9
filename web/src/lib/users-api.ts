/** The users list and the user options on it: accounts, notifications and history-changes share them. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userListSchema } from '@aforo/contracts/users';
import { apiRequest, queryString } from './api';
import { queryKeys } from './query-keys';
import type { ListParams } from './query-keys';
import { useSession } from './session';

/** What GET /users needs: page and length are required by the API (docs/API.md), not defaulted. */
export type UsersListParams = ListParams & { page: number; length: number };

/** GET /users: the current company's users, or provider staff with fdxUsers (ADMIN). */
export function useUsersQuery(params: UsersListParams, options: { enabled?: boolean } = {}) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...queryKeys.users.all, 'list', currentCompanyId, params],
    queryFn: () => apiRequest({ path: `/users${queryString(params)}`, schema: userListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Users to pick from in filters: the current company's and, for an ADMIN, provider staff. */
export function useUserOptions(enabled: boolean, withStaff: boolean): { value: string; label: string }[] {
  const all = { page: 1, length: -1, order: 'name', dir: 'ASC' } as const;
  const companyUsers = useUsersQuery(all, { enabled });
  const staff = useUsersQuery({ ...all, fdxUsers: true }, { enabled: enabled && withStaff });
  const rows = [...(companyUsers.data?.rows ?? []), ...(withStaff ? (staff.data?.rows ?? []) : [])];
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    return [{ value: row.id, label: `${row.name} ${row.surname} · ${row.email}` }];
  });
}
