import type { RouteObject } from 'react-router';

/** /app (Overview; spec §6: the general group). */
export const overviewRoutes: RouteObject[] = [
  {
    index: true,
    handle: { titleKey: 'nav.overview', group: 'general' },
    lazy: () => import('./pages/OverviewPage').then((m) => ({ Component: m.OverviewPage })),
  },
];
