import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const base = '/app/reports';
const tabs: SectionTab[] = [
  { to: `${base}/monthlySummary`, labelKey: 'screens.monthlySummary' },
  { to: `${base}/quarterlySummary`, labelKey: 'screens.quarterlySummary' },
  { to: `${base}/levelSummary`, labelKey: 'screens.levelSummary' },
];

/** /app/reports (ADMIN, CHIEF, VIEWER): monthly, quarterly and level summaries. */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { titleKey: 'nav.reports', group: 'supervision' },
    element: <SectionLayout titleKey="nav.reports" tabs={tabs} />,
    children: [
      { index: true, ...comingSoon('nav.reports', 'supervision') },
      { path: 'monthlySummary', ...comingSoon('screens.monthlySummary', 'supervision') },
      { path: 'quarterlySummary', ...comingSoon('screens.quarterlySummary', 'supervision') },
      { path: 'levelSummary', ...comingSoon('screens.levelSummary', 'supervision') },
    ],
  },
];
