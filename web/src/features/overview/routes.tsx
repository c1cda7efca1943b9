import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';

/** /app (Overview): counts by alert level, latest alerts, operation % — built in a later issue. */
export const overviewRoutes: RouteObject[] = [{ index: true, ...comingSoon('nav.overview', 'general') }];
