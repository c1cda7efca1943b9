/**
 * Calls of API tokens (contracts/src/api-tokens.ts): the current company's tokens with this month's
 * usage, create (the answer holds the secret, once), edit and revoke.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiTokenListSchema, apiTokenSchema, createdApiTokenSchema } from '@aforo/contracts/api-tokens';
import type { ApiTokenInputParsed } from '@aforo/contracts/api-tokens';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Usage is counted as calls arrive: the list is read again this often while the page is open. */
export const usageRefreshMs = 30_000;

const itemPath = (id: string) => `/tokens/${encodeURIComponent(id)}`;

/** The tokens (revoked ones too when asked), refreshed every 30 s and when the window regains focus. */
export function useApiTokensQuery(showRevoked: boolean) {
  const params = { showRevoked };
  return useQuery({
    queryKey: queryKeys.apiTokens.list(params),
    // in the background: the periodic refresh must not raise the full-screen loading overlay
    queryFn: () =>
      apiRequest({ path: `/tokens${queryString(params)}`, schema: apiTokenListSchema, background: true }),
    refetchInterval: usageRefreshMs,
    refetchOnWindowFocus: 'always',
  });
}

function useTokenMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}

export function useCreateApiTokenMutation() {
  return useTokenMutation((body: ApiTokenInputParsed) =>
    apiRequest({ method: 'POST', path: '/tokens', body, schema: createdApiTokenSchema }),
  );
}

export function useUpdateApiTokenMutation() {
  return useTokenMutation(({ id, body }: { id: string; body: ApiTokenInputParsed }) =>
    apiRequest({ method: 'PUT', path: itemPath(id), body, schema: apiTokenSchema }),
  );
}

export function useRevokeApiTokenMutation() {
  return useTokenMutation((id: string) =>
    apiRequest({ method: 'DELETE', path: itemPath(id), schema: apiTokenSchema }),
  );
}
