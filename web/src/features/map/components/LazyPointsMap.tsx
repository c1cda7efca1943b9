import { lazy } from 'react';

/** The Leaflet map in its own chunk, for pages outside this feature (the public dashboard). */
export const LazyPointsMap = lazy(() => import('./PointsMap').then((m) => ({ default: m.PointsMap })));
