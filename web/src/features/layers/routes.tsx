import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { SectionLayout } from '../../ui/SectionLayout';

/** /app/layers: redirects to layer-point. */
export const layersRoutes: RouteObject[] = [
  {
    path: 'layers',
    handle: { titleKey: 'nav.layers', group: 'general' },
    element: <SectionLayout titleKey="nav.layers" />,
    children: [
      { index: true, element: <Navigate to="layer-point" replace /> },
      {
        path: 'layer-point',
        handle: { titleKey: 'screens.layerPoint' },
        lazy: () => import('./pages/LayersPage').then((m) => ({ Component: m.LayersPage })),
      },
    ],
  },
];
