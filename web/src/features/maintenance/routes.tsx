import type { RouteObject } from 'react-router';

/** /app/maintenance (supervision: ADMIN, CHIEF, VIEWER). */
export const maintenanceRoutes: RouteObject[] = [
  {
    path: 'maintenance',
    handle: { titleKey: 'nav.maintenance', group: 'supervision' },
    lazy: () => import('./pages/MaintenancePage').then((m) => ({ Component: m.MaintenancePage })),
  },
];
