/** The left bar of docs/WEB.md; each item is shown only to users who pass its route's group (docs/ROLES.md). */
import type { Role, RouteGroup } from '@aforo/contracts/roles';

/** The current company as paths need it. */
export interface NavCompany {
  id: string;
  slug: string;
}

export interface NavItem {
  key: string;
  labelKey: string;
  /** Path, or a builder for paths that depend on the current company. */
  to: string | ((company: NavCompany) => string);
  group: RouteGroup;
  /** And one of these roles (its route's handle.roles), when the group alone does not say who. */
  roles?: readonly Role[];
  /** Active only on the exact path (Overview is /app itself). */
  exact?: boolean;
  /** Opens outside the shell, in a new tab. */
  newTab?: boolean;
  /** Hidden when no company is selected. */
  needsCompany?: boolean;
}

export const navItems: readonly NavItem[] = [
  { key: 'home', labelKey: 'nav.home', to: '/app/dashboard', group: 'signedIn' },
  { key: 'overview', labelKey: 'nav.overview', to: '/app', group: 'general', exact: true },
  { key: 'monitoring', labelKey: 'nav.monitoring', to: '/app/monitoring', group: 'general' },
  { key: 'system', labelKey: 'nav.system', to: '/app/system', group: 'system' },
  { key: 'accounts', labelKey: 'nav.accounts', to: '/app/accounts', group: 'accounts' },
  {
    key: 'administration',
    labelKey: 'nav.technicalAdministration',
    to: '/app/administration',
    group: 'general',
  },
  { key: 'operation', labelKey: 'nav.technicalOperation', to: '/app/operation', group: 'general' },
  { key: 'maintenance', labelKey: 'nav.maintenance', to: '/app/maintenance', group: 'supervision' },
  { key: 'layers', labelKey: 'nav.layers', to: '/app/layers', group: 'general' },
  { key: 'reports', labelKey: 'nav.reports', to: '/app/reports', group: 'supervision' },
  // the client's admins review the exclusions agreed on their points: the one report screen they open
  // (provider staff reach it among the reports' tabs)
  {
    key: 'reportExclusions',
    labelKey: 'nav.reportExclusions',
    to: '/app/reports/exclusions',
    group: 'signedIn',
    roles: ['ROLE_ADMIN_CLIENTE'],
  },
  {
    key: 'publicDashboard',
    labelKey: 'nav.publicDashboard',
    to: (company) => `/public/dashboard/${encodeURIComponent(company.slug)}`,
    group: 'signedIn',
    newTab: true,
    needsCompany: true,
  },
  { key: 'historyChanges', labelKey: 'nav.historyChanges', to: '/app/history-changes', group: 'general' },
];

export function resolveNavPath(item: NavItem, currentCompany: NavCompany | null): string | null {
  if (typeof item.to === 'string') return item.to;
  return currentCompany ? item.to(currentCompany) : null;
}

export function isNavItemActive(item: NavItem, path: string, pathname: string): boolean {
  if (item.newTab) return false;
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return item.exact ? normalised === path : normalised === path || normalised.startsWith(`${path}/`);
}
