import { useEffect } from 'react';
import { tokenCheckIntervalMs } from '@aforo/contracts/constants';
import { sessionStore, useSession } from '../lib/session';
import { msUntilRefreshWindow, tokenStatus } from '../lib/token';
import { refreshToken } from '../features/auth';
import { logout } from './logout';

/** Largest delay setTimeout accepts. */
const maxTimeoutMs = 2 ** 31 - 1;

async function checkToken(): Promise<void> {
  const token = sessionStore.getState().token;
  if (!token) return;
  const status = tokenStatus(token, Date.now());
  if (status === 'valid') return;
  if (status !== 'refresh') {
    logout(status === 'expired' ? 'expired' : 'unauthorized');
    return;
  }
  try {
    const next = await refreshToken();
    // another tab may have refreshed or signed out meanwhile
    if (sessionStore.getState().token === token) sessionStore.setToken(next);
  } catch {
    logout('expired');
  }
}

/**
 * docs/WEB.md, docs/API.md: check the token at start and every 30 minutes; refresh under 60 s left; a failed refresh
 * logs out. Also checks when the refresh window opens and when the tab becomes visible again, so an
 * active session isn't lost between two 30-minute checks.
 */
export function useTokenRefresh(): void {
  const token = useSession((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const run = () => void checkToken();
    run();
    const interval = window.setInterval(run, tokenCheckIntervalMs);
    const wait = msUntilRefreshWindow(token, Date.now());
    const timeout =
      wait !== null && wait > 0 ? window.setTimeout(run, Math.min(wait + 1_000, maxTimeoutMs)) : undefined;
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') run();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(timeout);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [token]);
}
