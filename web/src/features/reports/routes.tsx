import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { rights } from '@aforo/contracts/roles';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const base = '/app/reports';

/**
 * The agreed exclusions are for provider staff and for the client's admins, who review them
 * (docs/REPORTS.md "Agreed exclusions and notes"): no route group names that set, so the route says it.
 */
export const exclusionsRoles = [...rights['supervision.read'], ...rights['reports.review']] as const;

const tabs: SectionTab[] = [
  { to: `${base}/monthlySummary`, labelKey: 'screens.monthlySummary', group: 'supervision' },
  { to: `${base}/quarterlySummary`, labelKey: 'screens.quarterlySummary', group: 'supervision' },
  { to: `${base}/levelSummary`, labelKey: 'screens.levelSummary', group: 'supervision' },
  { to: `${base}/closures`, labelKey: 'screens.reportClosures', group: 'supervision' },
  { to: `${base}/exclusions`, labelKey: 'screens.reportExclusions', roles: exclusionsRoles },
];

// provider staff may read a report of the whole network: the header offers "All companies" (docs/WEB.md)
const handle = (titleKey: string) => ({ titleKey, group: 'supervision' as const, network: true });

/**
 * /app/reports (ADMIN, CHIEF, VIEWER): monthly, quarterly and level summaries, the closed months
 * (docs/REPORTS.md) and the agreed exclusions, which the client's admins open too — so the section
 * itself names no group and each screen its own. The pages, their texts and charts load with the
 * route, never with the app (web/scripts/check-bundle.mjs).
 */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { titleKey: 'nav.reports' },
    element: <SectionLayout titleKey="nav.reports" tabs={tabs} />,
    children: [
      { index: true, handle: { group: 'supervision' }, element: <Navigate to="monthlySummary" replace /> },
      {
        path: 'monthlySummary',
        handle: handle('screens.monthlySummary'),
        lazy: () =>
          import('./pages/MonthlyReportPage').then((m) => ({
            Component: m.MonthlyReportPage,
            loader: m.loader,
          })),
      },
      {
        path: 'quarterlySummary',
        handle: handle('screens.quarterlySummary'),
        lazy: () =>
          import('./pages/QuarterlyReportPage').then((m) => ({
            Component: m.QuarterlyReportPage,
            loader: m.loader,
          })),
      },
      {
        path: 'levelSummary',
        handle: handle('screens.levelSummary'),
        lazy: () =>
          import('./pages/LevelReportPage').then((m) => ({ Component: m.LevelReportPage, loader: m.loader })),
      },
      {
        path: 'closures',
        handle: handle('screens.reportClosures'),
        lazy: () =>
          import('./pages/ClosuresPage').then((m) => ({ Component: m.ClosuresPage, loader: m.loader })),
      },
      {
        path: 'exclusions',
        handle: { titleKey: 'screens.reportExclusions', roles: exclusionsRoles },
        lazy: () => import('./pages/ExclusionsPage').then((m) => ({ Component: m.ExclusionsPage })),
      },
    ],
  },
];
