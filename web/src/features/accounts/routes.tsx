import type { RouteObject } from 'react-router';
import { apiTokensRoute } from '../api-tokens';
import { notificationsRoute } from '../notifications';
import { SectionLayout } from '../../ui/SectionLayout';
import type { SectionTab } from '../../ui/SectionLayout';

const tabs: SectionTab[] = [
  { to: '/app/accounts', labelKey: 'screens.users', group: 'accounts' },
  { to: '/app/accounts/companies', labelKey: 'screens.companies', group: 'system' },
  { to: '/app/accounts/notifications', labelKey: 'screens.notifications', group: 'accounts' },
  { to: '/app/accounts/tokens', labelKey: 'screens.tokens', group: 'accounts' },
];

/** /app/accounts: the parent is open to every signed-in user because :id is each user's own profile. */
export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    handle: { titleKey: 'nav.accounts' },
    element: <SectionLayout titleKey="nav.accounts" tabs={tabs} />,
    children: [
      {
        index: true,
        handle: { titleKey: 'screens.users', group: 'accounts' },
        lazy: () => import('./pages/UsersPage').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: 'companies',
        handle: { titleKey: 'screens.companies', group: 'system' },
        lazy: () => import('./pages/CompaniesPage').then((m) => ({ Component: m.CompaniesPage })),
      },
      notificationsRoute,
      apiTokensRoute,
      {
        path: ':id',
        handle: { titleKey: 'screens.profile' },
        lazy: () => import('./pages/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
      },
    ],
  },
];
