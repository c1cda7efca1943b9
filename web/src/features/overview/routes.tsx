import type { RouteObject } from 'react-router';

/** /app (Overview; docs/ROLES.md: the general group). */
export const overviewRoutes: RouteObject[] = [
  {
    index: true,
    handle: { titleKey: 'nav.overview', group: 'general', network: true },
    lazy: () => import('./pages/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
  },
];
