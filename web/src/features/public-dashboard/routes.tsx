import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';

/** /public/dashboard/:slug: a company's public points, without sign-in (DESIGN.md §11). */
export const publicDashboardRoutes: RouteObject[] = [
  { path: 'public/dashboard/:slug', ...comingSoon('screens.publicDashboard') },
];
