import type { RouteObject } from 'react-router';

/** /app/operation/measures (Technical Operation: the general group of its section). */
export const measuresRoute: RouteObject = {
  path: 'measures',
  handle: { titleKey: 'screens.measures' },
  lazy: () => import('./pages/MeasuresPage').then((m) => ({ Component: m.MeasuresPage })),
};
