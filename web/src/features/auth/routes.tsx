import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';

/** Public routes of spec §2; restore and activation screens belong to the next issue. */
export const authPublicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { titleKey: 'auth.loginTitle' },
    lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  { path: 'restore-password', ...comingSoon('screens.restorePassword') },
  { path: 'confirm-restore-password', ...comingSoon('screens.confirmRestorePassword') },
  { path: 'activate/user/:token', ...comingSoon('screens.activateUser') },
];

/** /change-password: the guard's target for accounts in "Change Password" state. */
export const forcedChangePasswordRoute: RouteObject = {
  path: 'change-password',
  handle: { titleKey: 'auth.changePasswordTitle' },
  lazy: () =>
    import('./pages/ForcedChangePasswordPage').then((m) => ({ Component: m.ForcedChangePasswordPage })),
};

/** /app/change-password: inside the shell, any signed-in user. */
export const changePasswordRoute: RouteObject = {
  path: 'change-password',
  handle: { titleKey: 'auth.changePasswordTitle' },
  lazy: () => import('./pages/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage })),
};
