import type { RouteObject } from 'react-router';

/** /app/administration/measures-failed: provider staff only (docs/ROLES.md, the supervision group). */
export const measuresFailedRoute: RouteObject = {
  path: 'measures-failed',
  handle: { titleKey: 'screens.measuresFailed', group: 'supervision' },
  lazy: () => import('./pages/MeasuresFailedPage').then((m) => ({ Component: m.MeasuresFailedPage })),
};
