import type { RouteObject } from 'react-router';

/** /app/operation/alerts (Technical Operation: the general group of its section). */
export const alertsRoute: RouteObject = {
  path: 'alerts',
  handle: { titleKey: 'screens.alerts', network: true },
  lazy: () => import('./pages/AlertsPage').then((m) => ({ Component: m.AlertsPage })),
};
