import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccessCheck, useCurrentUserQuery } from '../lib/current-user';
import { useSession } from '../lib/session';
import { isNavItemActive, navItems, resolveNavPath } from './nav-items';

export interface LeftBarProps {
  /** Called after a link is followed (closes the bar on small screens). */
  onNavigate?: () => void;
}

/** The left bar of docs/WEB.md, filtered by the role check. */
export function LeftBar({ onNavigate }: LeftBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const { data: user } = useCurrentUserQuery();
  const currentCompany = user?.companies.find((c) => c.id === currentCompanyId) ?? null;
  const canUse = useAccessCheck();

  const items = navItems.flatMap((item) => {
    const path = resolveNavPath(item, currentCompany);
    return path && canUse({ group: item.group, roles: item.roles }) ? [{ item, path }] : [];
  });

  return (
    <Stack component="nav" aria-label={t('nav.navigation')} gap={2}>
      {items.map(({ item, path }) =>
        item.newTab ? (
          <NavLink
            key={item.key}
            component="a"
            href={path}
            target="_blank"
            rel="noopener"
            label={t(item.labelKey)}
            rightSection={
              <Text span size="xs" c="dimmed" aria-label={t('nav.opensInNewTab')}>
                ↗
              </Text>
            }
            onClick={onNavigate}
          />
        ) : (
          <NavLink
            key={item.key}
            component={Link}
            to={path}
            label={t(item.labelKey)}
            active={isNavItemActive(item, path, pathname)}
            variant="light"
            onClick={onNavigate}
          />
        ),
      )}
    </Stack>
  );
}
