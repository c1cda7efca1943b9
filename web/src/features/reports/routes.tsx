import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const base = '/app/reports';
const tabs: SectionTab[] = [
  { to: `${base}/monthlySummary`, labelKey: 'screens.monthlySummary' },
  { to: `${base}/quarterlySummary`, labelKey: 'screens.quarterlySummary' },
  { to: `${base}/levelSummary`, labelKey: 'screens.levelSummary' },
];

// provider staff may read a report of the whole network: the header offers "All companies" (docs/WEB.md)
const handle = (titleKey: string) => ({ titleKey, group: 'supervision' as const, network: true });

/**
 * /app/reports (ADMIN, CHIEF, VIEWER): monthly, quarterly and level summaries (docs/REPORTS.md).
 * The pages, their texts and charts load with the route, never with the app (web/scripts/check-bundle.mjs).
 */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { titleKey: 'nav.reports', group: 'supervision' },
    element: <SectionLayout titleKey="nav.reports" tabs={tabs} />,
    children: [
      { index: true, element: <Navigate to="monthlySummary" replace /> },
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
    ],
  },
];
