/** Calls of the auth feature (docs/API.md): sign-in, password change, current company, token refresh, restore, activation. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema, passwordChangedResponseSchema, tokenResponseSchema } from '@aforo/contracts/auth';
import type { LoginRequest, UpdatePasswordRequest } from '@aforo/contracts/auth';
import { activationInfoSchema } from '@aforo/contracts/public-auth';
import type { ActivateUser, RestorePassword, RestoreRequest } from '@aforo/contracts/public-auth';
import type { CurrentUser } from '@aforo/contracts/users';
import { apiRequest } from '../../lib/api';
import {
  currentUserQueryKey,
  currentUserQueryRoot,
  fetchCurrentUser,
  pickCurrentCompany,
} from '../../lib/current-user';
import { sessionStore } from '../../lib/session';

export interface SignInResult {
  token: string;
  user: CurrentUser;
}

/** POST /login_check, then GET /users/info/logged with the new token. */
export async function signIn(credentials: LoginRequest): Promise<SignInResult> {
  const { token } = await apiRequest({
    method: 'POST',
    path: '/login_check',
    body: credentials,
    schema: tokenResponseSchema,
    token: null,
  });
  const user = await fetchCurrentUser(token);
  return { token, user };
}

/** Signs in and starts the session with the user's default company (or the first one). */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ token, user }) => {
      const companyId = pickCurrentCompany(user, null);
      queryClient.setQueryData(currentUserQueryKey(companyId), user);
      sessionStore.signIn(token, companyId);
    },
  });
}

export interface UpdatePasswordVariables {
  userId: string;
  body: UpdatePasswordRequest;
}

/**
 * PUT /users/{id}/update/password; the change ends every earlier session, so the answer's new token
 * replaces the stored one before the user info is reloaded (docs/WEB.md).
 */
export function useUpdatePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: UpdatePasswordVariables) =>
      apiRequest({
        method: 'PUT',
        path: `/users/${encodeURIComponent(userId)}/update/password`,
        body,
        schema: passwordChangedResponseSchema,
      }),
    onSuccess: ({ token }) => {
      sessionStore.setToken(token);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryRoot });
    },
  });
}

/** PATCH /users/current-company with the chosen company in X-Current-Company; the page then reloads. */
export function useSelectCompanyMutation() {
  return useMutation({
    mutationFn: (companyId: string) =>
      apiRequest({
        method: 'PATCH',
        path: '/users/current-company',
        headers: { 'X-Current-Company': companyId },
        schema: okResponseSchema,
      }),
    onSuccess: (_result, companyId) => {
      sessionStore.setCurrentCompany(companyId);
      window.location.reload();
    },
  });
}

/** POST /users/refreshtoken: a new token while the old one is still valid. */
export async function refreshToken(): Promise<string> {
  const { token } = await apiRequest({
    method: 'POST',
    path: '/users/refreshtoken',
    schema: tokenResponseSchema,
    background: true,
  });
  return token;
}

// ── Public calls: password restore and account activation (no token) ────────────────────────

/** POST /public/request/restore/password: always the same answer, whether the account exists or not. */
export function useRequestRestoreMutation() {
  return useMutation({
    mutationFn: (body: RestoreRequest) =>
      apiRequest({
        method: 'POST',
        base: '/public',
        path: '/request/restore/password',
        body,
        schema: okResponseSchema,
        token: null,
      }),
  });
}

/** POST /public/restore/password with the mailed token and the new password (400 U1010 when invalid). */
export function useRestorePasswordMutation() {
  return useMutation({
    mutationFn: (body: RestorePassword) =>
      apiRequest({
        method: 'POST',
        base: '/public',
        path: '/restore/password',
        body,
        schema: okResponseSchema,
        token: null,
      }),
  });
}

/** GET /public/activate/user/{token}: who the link is for (400 U1007 when invalid or expired). */
export function useActivationInfoQuery(token: string) {
  return useQuery({
    queryKey: ['public', 'activation', token],
    queryFn: () =>
      apiRequest({
        base: '/public',
        path: `/activate/user/${encodeURIComponent(token)}`,
        schema: activationInfoSchema,
        token: null,
      }),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /public/activate/user/{token}: sets the first password. */
export function useActivateUserMutation(token: string) {
  return useMutation({
    mutationFn: (body: ActivateUser) =>
      apiRequest({
        method: 'POST',
        base: '/public',
        path: `/activate/user/${encodeURIComponent(token)}`,
        body,
        schema: okResponseSchema,
        token: null,
      }),
  });
}
