import type { RouteObject } from 'react-router';
import { rights } from '@aforo/contracts/roles';

/** /app/accounts/tokens: users, notifications and tokens group (ADMIN, ADMIN_CLIENTE; docs/ROLES.md). */
export const apiTokensRoute: RouteObject = {
  path: 'tokens',
  handle: { titleKey: 'screens.tokens', group: 'accounts', roles: rights['tokens.manage'] },
  lazy: () => import('./pages/ApiTokensPage').then((m) => ({ Component: m.ApiTokensPage })),
};
