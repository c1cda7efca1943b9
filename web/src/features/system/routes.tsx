import type { RouteObject } from 'react-router';
import { comingSoon } from '../../ui/coming-soon';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const tabs: SectionTab[] = [
  { to: '/app/system', labelKey: 'screens.billingPlans', group: 'system' },
  { to: '/app/system/countries', labelKey: 'screens.countries', group: 'system' },
];

/** /app/system (ADMIN): billing plans (index) and countries. */
export const systemRoutes: RouteObject[] = [
  {
    path: 'system',
    handle: { titleKey: 'nav.system', group: 'system' },
    element: <SectionLayout titleKey="nav.system" tabs={tabs} />,
    children: [
      { index: true, ...comingSoon('screens.billingPlans', 'system') },
      { path: 'countries', ...comingSoon('screens.countries', 'system') },
    ],
  },
];
