/** Every route of docs/WEB.md; roles per route (docs/ROLES.md) sit in each route's handle.group. */
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { accountsRoutes } from '../features/accounts';
import { administrationRoutes } from '../features/administration';
import { authPublicRoutes, changePasswordRoute, forcedChangePasswordRoute } from '../features/auth';
import { dashboardRoutes } from '../features/dashboard';
import { historyChangesRoutes } from '../features/history-changes';
import { layersRoutes } from '../features/layers';
import { maintenanceRoutes } from '../features/maintenance';
import { monitoringRoutes } from '../features/monitoring';
import { operationRoutes } from '../features/operation';
import { overviewRoutes } from '../features/overview';
import { publicDashboardRoutes, publicWidgetRoutes } from '../features/public-dashboard';
import { reportsRoutes } from '../features/reports';
import { systemRoutes } from '../features/system';
import { FullPageLoader } from '../ui/FullPageLoader';
import { NotFoundPage } from './NotFoundPage';
import { PublicLayout } from './PublicLayout';
import { RequireSession } from './RequireSession';
import { RouteErrorPage } from './RouteErrorPage';

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <Navigate to="/app" replace /> },
      { element: <PublicLayout />, children: [...authPublicRoutes, ...publicDashboardRoutes] },
      ...publicWidgetRoutes,
      {
        element: <RequireSession />,
        children: [
          { element: <PublicLayout />, children: [forcedChangePasswordRoute] },
          {
            path: 'app',
            // the signed-in shell (nav, menus, bell, modals) is not needed by the sign-in pages
            lazy: () => import('./AppLayout').then((m) => ({ Component: m.AppLayout })),
            children: [
              ...overviewRoutes,
              changePasswordRoute,
              ...monitoringRoutes,
              ...systemRoutes,
              ...accountsRoutes,
              ...administrationRoutes,
              ...operationRoutes,
              ...maintenanceRoutes,
              ...layersRoutes,
              ...reportsRoutes,
              ...dashboardRoutes,
              ...historyChangesRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
