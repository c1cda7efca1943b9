import type { RouteObject } from 'react-router';

/** /app/accounts/notifications: users, notifications and tokens group (ADMIN, ADMIN_CLIENTE; docs/ROLES.md). */
export const notificationsRoute: RouteObject = {
  path: 'notifications',
  handle: { titleKey: 'screens.notifications', group: 'accounts' },
  lazy: () => import('./pages/NotificationsPage').then((m) => ({ Component: m.NotificationsPage })),
};
