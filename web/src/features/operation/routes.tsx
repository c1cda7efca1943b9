import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { alertsRoute } from '../alerts';
import { componentsRoute } from '../catalogue';
import { devicesRoute } from '../devices';
import { eventsRoute } from '../events';
import { measuresRoute } from '../measures';
import { pointsRoutes } from '../points';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const base = '/app/operation';
const tabs: SectionTab[] = [
  { to: `${base}/devices`, labelKey: 'screens.devices' },
  { to: `${base}/points`, labelKey: 'screens.points' },
  { to: `${base}/measures`, labelKey: 'screens.measures' },
  { to: `${base}/components`, labelKey: 'screens.components' },
  { to: `${base}/events`, labelKey: 'screens.events' },
  { to: `${base}/alerts`, labelKey: 'screens.alerts' },
];

/** /app/operation (TechnicalOperation): redirects to its devices screen. */
export const operationRoutes: RouteObject[] = [
  {
    path: 'operation',
    handle: { titleKey: 'nav.technicalOperation', group: 'general' },
    element: <SectionLayout titleKey="nav.technicalOperation" tabs={tabs} />,
    children: [
      { index: true, element: <Navigate to="devices" replace /> },
      devicesRoute('operation'),
      ...pointsRoutes,
      measuresRoute,
      componentsRoute,
      eventsRoute,
      alertsRoute,
    ],
  },
];
