import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';

export const maintenanceRoutes: RouteObject[] = [
  { path: 'maintenance', ...comingSoon('nav.maintenance', 'supervision') },
];
