/** Calls of the Accounts section: users (docs/API.md) and companies. */
import { useQuery } from '@tanstack/react-query';
import { companyListSchema, companySchema } from '@aforo/contracts/companies';
import type { Company, CompanyInput } from '@aforo/contracts/companies';
import { userListSchema, userSchema, validateEmailResponseSchema } from '@aforo/contracts/users';
import type { User, UserAction, UserInput, UserRow } from '@aforo/contracts/users';
import { apiRequest, queryString } from '../../lib/api';
import { createCrudHooks, optionsParams } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

// ── Users ────────────────────────────────────────────────────────────────────────────────────

/** Everything under 'users' (lists, details and the signed-in user) is refetched after a user change. */
const userKeys = queryKeys.users;
const usersApi = createCrudHooks<UserRow, UserInput, User>({
  keys: userKeys,
  path: '/users',
  schemas: { list: userListSchema, item: userSchema },
});

/** GET /users/{id}; disabled for null (e.g. your own profile, which comes from /users/info/logged). */
export function useUserQuery(id: string | null) {
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: [...userKeys.all, 'detail', currentCompanyId, id],
    queryFn: () => apiRequest({ path: usersApi.itemPath(id ?? ''), schema: userSchema }),
    enabled: id !== null,
  });
}

/** POST /users (an activation mail is queued) or PUT /users/{id}. */
export const useSaveUserMutation = usersApi.useSaveMutation;
/** DELETE /users/{id} (soft: the user can be restored). */
export const useDeleteUserMutation = usersApi.useDeleteMutation;

export interface UserActionVariables {
  id: string;
  action: UserAction;
}

/** POST /users/{id}/enable|disable|restore|renew-activation. */
export function useUserActionMutation() {
  return usersApi.useChangeMutation(({ id, action }: UserActionVariables) =>
    apiRequest({ method: 'POST', path: usersApi.itemPath(id, `/${action}`), schema: userSchema }),
  );
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

/** The signed-in user's company list (selector) changes with the companies. */
const companiesApi = createCrudHooks<Company, CompanyInput>({
  keys: queryKeys.companies,
  path: '/companies',
  schemas: { list: companyListSchema, item: companySchema },
  refreshes: [userKeys.all],
});

export const useCompaniesQuery = companiesApi.useListQuery;
export const useSaveCompanyMutation = companiesApi.useSaveMutation;
export const useDeleteCompanyMutation = companiesApi.useDeleteMutation;
export const useRestoreCompanyMutation = companiesApi.useRestoreMutation;

/** Every company by name, for the ADMIN's user form and the device assignment. */
export function useCompanyOptionsQuery(enabled: boolean) {
  return companiesApi.useOptionsQuery(optionsParams('business_name'), { enabled });
}
