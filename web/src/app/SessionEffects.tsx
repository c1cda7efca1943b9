import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { configureApiClient } from '../lib/api';
import { currentUserQueryRoot } from '../lib/current-user';
import { sessionStore, startSessionSync } from '../lib/session';
import { decodeTokenClaims } from '../lib/token';
import { logout, logoutReasonForCode } from './logout';
import { useCurrentCompanyRepair } from './use-current-company-repair';
import { useTokenRefresh } from './use-token-refresh';

function subjectOf(token: string | null): string | null {
  return token ? (decodeTokenClaims(token)?.sub ?? null) : null;
}

/** Session side effects without UI: 401 handling, cross-tab mirroring, token refresh, cache hygiene. */
export function SessionEffects() {
  const queryClient = useQueryClient();

  useEffect(() => {
    configureApiClient({
      onUnauthorized: (code) => logout(logoutReasonForCode(code)),
      onPasswordChangeRequired: () => void queryClient.invalidateQueries({ queryKey: currentUserQueryRoot }),
    });
  }, [queryClient]);

  useEffect(() => startSessionSync(window, { onExternalCompanyChange: () => window.location.reload() }), []);

  useCurrentCompanyRepair();

  // another user's data must never outlive a sign-out, here or in another tab
  useEffect(() => {
    let previous = sessionStore.getState().token;
    return sessionStore.subscribe(() => {
      const token = sessionStore.getState().token;
      if (token === previous) return;
      const previousSubject = subjectOf(previous);
      previous = token;
      if (!token || (previousSubject !== null && previousSubject !== subjectOf(token))) queryClient.clear();
    });
  }, [queryClient]);

  useTokenRefresh();
  return null;
}
