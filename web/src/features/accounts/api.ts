/** Calls of the Accounts section: users (spec §7) and companies. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { companyListSchema, companySchema } from '@aforo/contracts/companies';
import type { CompanyInput } from '@aforo/contracts/companies';
import { userListSchema, userSchema, validateEmailResponseSchema } from '@aforo/contracts/users';
import type { UserAction, UserInput } from '@aforo/contracts/users';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';
import { useSession } from '../../lib/session';

/** Everything under 'users' (lists, details and the signed-in user) is refetched after a user change. */
export const userKeys = { all: ['users'] as const };
export const companyKeys = { all: ['companies'] as const };

type ListParams = Record<string, QueryValue>;

// ── Users ────────────────────────────────────────────────────────────────────────────────────

/** GET /users: the current company's users, or provider staff with fdxUsers (ADMIN). */
export function useUsersQuery(params: ListParams, options: { enabled?: boolean } = {}) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...userKeys.all, 'list', currentCompanyId, params],
    queryFn: () => apiRequest({ path: `/users${queryString(params)}`, schema: userListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** GET /users/{id}; disabled for null (e.g. your own profile, which comes from /users/info/logged). */
export function useUserQuery(id: string | null) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...userKeys.all, 'detail', currentCompanyId, id],
    queryFn: () => apiRequest({ path: `/users/${encodeURIComponent(id ?? '')}`, schema: userSchema }),
    enabled: id !== null,
  });
}

export interface SaveVariables<T> {
  /** null = create. */
  id: string | null;
  body: T;
}

/** POST /users (an activation mail is queued) or PUT /users/{id}. */
export function useSaveUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables<UserInput>) =>
      apiRequest({
        method: id ? 'PUT' : 'POST',
        path: id ? `/users/${encodeURIComponent(id)}` : '/users',
        body,
        schema: userSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** DELETE /users/{id} (soft: the user can be restored). */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({ method: 'DELETE', path: `/users/${encodeURIComponent(id)}`, schema: okResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export interface UserActionVariables {
  id: string;
  action: UserAction;
}

/** POST /users/{id}/enable|disable|restore|renew-activation. */
export function useUserActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: UserActionVariables) =>
      apiRequest({
        method: 'POST',
        path: `/users/${encodeURIComponent(id)}/${action}`,
        schema: userSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * GET /users/validate/{email}?companyId: resolves when the email may be used for a new user,
 * rejects with the ApiError (U1009, U1013, UP1003, UP1011-UP1014) otherwise.
 */
export function validateUserEmail(email: string, companyId: string | null): Promise<unknown> {
  return apiRequest({
    path: `/users/validate/${encodeURIComponent(email)}${queryString({ companyId })}`,
    schema: validateEmailResponseSchema,
    background: true,
  });
}

// ── Companies ────────────────────────────────────────────────────────────────────────────────

export function useCompaniesQuery(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...companyKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/companies${queryString(params)}`, schema: companyListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Every company by name, for the ADMIN's user form. */
export function useCompanyOptionsQuery(enabled: boolean) {
  return useCompaniesQuery({ length: -1, order: 'business_name', dir: 'ASC' }, { enabled });
}

export function useSaveCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveVariables<CompanyInput>) =>
      apiRequest({
        method: id ? 'PUT' : 'POST',
        path: id ? `/companies/${encodeURIComponent(id)}` : '/companies',
        body,
        schema: companySchema,
      }),
    // the signed-in user's company list (selector) changes too
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

export function useDeleteCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({
        method: 'DELETE',
        path: `/companies/${encodeURIComponent(id)}`,
        schema: okResponseSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}

export function useRestoreCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest({
        method: 'POST',
        path: `/companies/${encodeURIComponent(id)}/restore`,
        schema: companySchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
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
