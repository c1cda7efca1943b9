import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useEffect } from 'react';
import type { Role, RouteGroup } from '@aforo/contracts/roles';
import type { CurrentUser } from '@aforo/contracts/users';
import { isApiError } from '../lib/api';
import { profilesForCheck, useCurrentUserQuery } from '../lib/current-user';
import { readRouteHandle } from '../lib/route-handle';
import { sessionStore, useSession } from '../lib/session';
import { FullPageLoader } from '../ui/FullPageLoader';
import { ForbiddenRedirect } from './ForbiddenRedirect';
import { decide, loginPath } from './guard';
import type { GuardUser } from './guard';
import { LoginRedirect } from './LoginRedirect';
import { SessionErrorPanel } from './SessionErrorPanel';

function toGuardUser(user: CurrentUser | undefined, error: unknown): GuardUser | null {
  if (user) return { state: user.state.name, profiles: profilesForCheck(user) };
  // 403 AU1007 on the user call itself: the account must change its password first
  if (isApiError(error) && error.code === 'AU1007') return { state: 'Change Password', profiles: [] };
  return null;
}

/** Layout route wrapping every signed-in route: applies the guard to the matched routes. */
export function RequireSession() {
  const token = useSession((s) => s.token);
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const returnPath = useSession((s) => s.returnPath);
  const location = useLocation();
  const matches = useMatches();
  const userQuery = useCurrentUserQuery();

  const handles = matches.map((match) => readRouteHandle(match.handle));
  const groups = handles
    .map((handle) => handle.group)
    .filter((group): group is RouteGroup => group !== undefined);
  const roles = handles
    .map((handle) => handle.roles)
    .filter((list): list is readonly Role[] => list !== undefined);
  const decision = decide({ token, currentCompanyId }, toGuardUser(userQuery.data, userQuery.error), {
    path: location.pathname,
    requiresAuth: true,
    groups,
    roles,
  });

  // once a signed-in user lands anywhere allowed, the stored return path has served its purpose
  const isAllowed = decision.type === 'allow';
  useEffect(() => {
    if (isAllowed && returnPath !== null) sessionStore.clearReturnPath();
  }, [isAllowed, returnPath]);

  if (decision.type === 'redirect') {
    if (decision.to === loginPath) return <LoginRedirect from={`${location.pathname}${location.search}`} />;
    if (decision.forbidden) {
      // the innermost titled route names the screen that was asked for
      const screenKey = handles.findLast((handle) => handle.titleKey)?.titleKey;
      return <ForbiddenRedirect to={decision.to} screenKey={screenKey} />;
    }
    return <Navigate to={decision.to} replace />;
  }
  if (decision.type === 'wait') {
    return userQuery.isError ? (
      <SessionErrorPanel onRetry={() => void userQuery.refetch()} />
    ) : (
      <FullPageLoader />
    );
  }
  return <Outlet />;
}
