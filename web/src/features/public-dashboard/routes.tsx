import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle';

const handle: RouteHandle = { titleKey: 'screens.publicDashboard' };

/** /public/dashboard/:slug: a company's public points, without sign-in (docs/PUBLIC-DASHBOARD.md). */
export const publicDashboardRoutes: RouteObject[] = [
  {
    path: 'public/dashboard/:slug',
    handle,
    lazy: () => import('./pages/PublicDashboardPage').then((m) => ({ Component: m.PublicDashboardPage })),
  },
];

/** The embeddable widget of one public point: bare, outside every layout (it lives in iframes). */
export const publicWidgetRoutes: RouteObject[] = [
  {
    path: 'public/dashboard/:slug/widget/:pointId',
    handle,
    lazy: () => import('./pages/PublicWidgetPage').then((m) => ({ Component: m.PublicWidgetPage })),
  },
];
