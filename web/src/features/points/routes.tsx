import type { RouteObject } from 'react-router';

/** /app/operation/points and a point's page. */
export const pointsRoutes: RouteObject[] = [
  {
    path: 'points',
    handle: { titleKey: 'screens.points' },
    lazy: () => import('./pages/PointsPage').then((m) => ({ Component: m.PointsPage })),
  },
  {
    path: 'points/:id',
    handle: { titleKey: 'screens.point' },
    lazy: () => import('./pages/PointPage').then((m) => ({ Component: m.PointPage })),
  },
];
