/** Ending the session (docs/WEB.md): clear it, keep the path to return to, say why. */
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { showToast } from '../ui/toasts';

export type LogoutReason = 'signOut' | 'unauthorized' | 'suspended' | 'expired';

/** The reason a 401 gives: AU1001 suspended, AU1002 session expired, anything else unauthorized. */
export function logoutReasonForCode(code: string): LogoutReason {
  if (code === 'AU1001') return 'suspended';
  if (code === 'AU1002') return 'expired';
  return 'unauthorized';
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Idempotent: a second 401 from a parallel call doesn't toast again. */
export function logout(reason: LogoutReason): void {
  if (!sessionStore.getState().token) return;
  sessionStore.signOut(currentPath());
  if (reason === 'signOut') return;
  showToast(reason === 'expired' ? 'warning' : 'error', i18n.t(`session.${reason}`));
}
