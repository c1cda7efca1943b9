import type { RouteObject } from 'react-router';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const tabs: SectionTab[] = [
  { to: '/app/system', labelKey: 'screens.billingPlans', group: 'system' },
  { to: '/app/system/countries', labelKey: 'screens.countries', group: 'system' },
  { to: '/app/system/mail-outbox', labelKey: 'screens.mailOutbox', group: 'system' },
];

/** /app/system (ADMIN): billing plans (index), countries and the mail outbox. */
export const systemRoutes: RouteObject[] = [
  {
    path: 'system',
    handle: { titleKey: 'nav.system', group: 'system' },
    element: <SectionLayout titleKey="nav.system" tabs={tabs} />,
    children: [
      {
        index: true,
        handle: { titleKey: 'screens.billingPlans', group: 'system' },
        lazy: () => import('./pages/BillingPlansPage').then((m) => ({ Component: m.BillingPlansPage })),
      },
      {
        path: 'countries',
        handle: { titleKey: 'screens.countries', group: 'system' },
        lazy: () => import('./pages/CountriesPage').then((m) => ({ Component: m.CountriesPage })),
      },
      {
        path: 'mail-outbox',
        handle: { titleKey: 'screens.mailOutbox', group: 'system' },
        lazy: () => import('./pages/MailOutboxPage').then((m) => ({ Component: m.MailOutboxPage })),
      },
    ],
  },
];
