import type { RouteObject } from 'react-router';

/** /app/monitoring (docs/ROLES.md: the general group). */
export const monitoringRoutes: RouteObject[] = [
  {
    path: 'monitoring',
    handle: { titleKey: 'nav.monitoring', group: 'general', network: true },
    lazy: () => import('./pages/MonitoringPage').then((m) => ({ Component: m.MonitoringPage })),
  },
];
