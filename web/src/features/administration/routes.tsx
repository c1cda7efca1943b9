import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { catalogueAdministrationRoutes } from '../catalogue';
import { devicesRoute } from '../devices';
import { measuresFailedRoute } from '../measures-failed';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const base = '/app/administration';
const tabs: SectionTab[] = [
  { to: `${base}/devices`, labelKey: 'screens.devices' },
  { to: `${base}/measures-failed`, labelKey: 'screens.measuresFailed', group: 'supervision' },
  { to: `${base}/brands`, labelKey: 'screens.brands', group: 'system' },
  { to: `${base}/models`, labelKey: 'screens.models', group: 'system' },
  { to: `${base}/products`, labelKey: 'screens.products', group: 'catalogue' },
  { to: `${base}/firmwares`, labelKey: 'screens.firmwares', group: 'catalogue' },
  { to: `${base}/networks`, labelKey: 'screens.networks', group: 'system' },
];

/** /app/administration (TechnicalAdmin): redirects to its devices screen. */
export const administrationRoutes: RouteObject[] = [
  {
    path: 'administration',
    handle: { titleKey: 'nav.technicalAdministration', group: 'general' },
    element: <SectionLayout titleKey="nav.technicalAdministration" tabs={tabs} />,
    children: [
      { index: true, element: <Navigate to="devices" replace /> },
      devicesRoute('administration'),
      measuresFailedRoute,
      ...catalogueAdministrationRoutes,
    ],
  },
];
