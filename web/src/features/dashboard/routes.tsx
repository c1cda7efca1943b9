import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

const handle: RouteHandle = { titleKey: 'nav.home' };

/** /app/dashboard: any signed-in user (the guard's fallback for missing roles). */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    handle,
    lazy: () => import('./pages/DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
];
