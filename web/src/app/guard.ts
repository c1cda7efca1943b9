/** The navigation guard of docs/WEB.md as a pure decision, used by <RequireSession>. */
import { canUseRouteGroup, hasAnyRole } from '@aforo/contracts/roles';
import type { ProfileForCheck, Role, RouteGroup } from '@aforo/contracts/roles';
import type { UserState } from '@aforo/contracts/users';

export const loginPath = '/login';
export const homePath = '/app/dashboard';
export const changePasswordPath = '/change-password';
/** Where "/" leads: opening the app, not asking for a screen, so a missing role there is not news. */
export const entryPath = '/app';

export interface GuardSession {
  token: string | null;
  currentCompanyId: string | null;
}

export interface GuardUser {
  state: UserState;
  profiles: readonly ProfileForCheck[];
}

export interface GuardRoute {
  path: string;
  requiresAuth: boolean;
  /** Route groups of every matched route, outermost first; each must pass. */
  groups: readonly RouteGroup[];
  /** Role lists of the matched routes that declare one (handle.roles); each must pass. */
  roles?: readonly (readonly Role[])[];
}

export type GuardDecision =
  | { type: 'allow' }
  /** Signed in, but the user is still loading. */
  | { type: 'wait' }
  /** `forbidden`: the user asked for a screen their roles do not open, and is told so (docs/WEB.md). */
  | { type: 'redirect'; to: string; forbidden?: true };

/**
 * Sign-in required → /login; "Change Password" state → /change-password from any other route;
 * missing role → /app/dashboard, told so unless the route was the app's entry (`/app`).
 */
export function decide(session: GuardSession, user: GuardUser | null, route: GuardRoute): GuardDecision {
  if (!route.requiresAuth) return { type: 'allow' };
  if (!session.token) return { type: 'redirect', to: loginPath };
  if (!user) return { type: 'wait' };
  if (user.state === 'Change Password') {
    return route.path === changePasswordPath
      ? { type: 'allow' }
      : { type: 'redirect', to: changePasswordPath };
  }
  const allowed =
    route.groups.every((group) => canUseRouteGroup(user.profiles, session.currentCompanyId, group)) &&
    (route.roles ?? []).every((roles) => hasAnyRole(user.profiles, session.currentCompanyId, roles));
  if (allowed) return { type: 'allow' };
  if (route.path === homePath) return { type: 'allow' };
  return isEntry(route.path)
    ? { type: 'redirect', to: homePath }
    : { type: 'redirect', to: homePath, forbidden: true };
}

function isEntry(path: string): boolean {
  return path === entryPath || path === `${entryPath}/`;
}
