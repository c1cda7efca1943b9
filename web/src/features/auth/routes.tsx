import type { RouteObject } from 'react-router';

/** Public routes of docs/WEB.md: sign-in, password restore and account activation. */
export const authPublicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { titleKey: 'auth.loginTitle' },
    lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'restore-password',
    handle: { titleKey: 'screens.restorePassword' },
    lazy: () => import('./pages/RestorePasswordPage').then((m) => ({ Component: m.RestorePasswordPage })),
  },
  {
    path: 'confirm-restore-password',
    handle: { titleKey: 'screens.confirmRestorePassword' },
    lazy: () =>
      import('./pages/ConfirmRestorePasswordPage').then((m) => ({ Component: m.ConfirmRestorePasswordPage })),
  },
  {
    path: 'activate/user/:token',
    handle: { titleKey: 'screens.activateUser' },
    lazy: () => import('./pages/ActivateUserPage').then((m) => ({ Component: m.ActivateUserPage })),
  },
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
