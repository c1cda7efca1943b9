import type { RouteObject } from 'react-router';

/**
 * /app/operation/alerts (Technical Operation: the general group of its section) and one alert's
 * detail, /app/operation/alerts/{id}: a route, so the bell's notifications and any shared link open it.
 */
export const alertsRoute: RouteObject = {
  path: 'alerts',
  children: [
    {
      index: true,
      handle: { titleKey: 'screens.alerts', network: true },
      lazy: () => import('./pages/AlertsPage').then((m) => ({ Component: m.AlertsPage })),
    },
    {
      path: ':id',
      handle: { titleKey: 'alerts.detail.screenTitle' },
      lazy: () => import('./pages/AlertDetailPage').then((m) => ({ Component: m.AlertDetailPage })),
    },
  ],
};
