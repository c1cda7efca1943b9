import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';

export const monitoringRoutes: RouteObject[] = [
  { path: 'monitoring', ...comingSoon('nav.monitoring', 'general') },
];
