import { Stack, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, RouteGroup } from '@aforo/contracts/roles';
import { useAccessCheck } from '../lib/current-user';

export interface SectionTab {
  /** Absolute path of the child screen. */
  to: string;
  labelKey: string;
  group?: RouteGroup;
  /** And one of these roles (the screen's route handle.roles). */
  roles?: readonly Role[];
}

export interface SectionLayoutProps {
  titleKey: string;
  tabs?: readonly SectionTab[];
}

function activeTab(pathname: string, tabs: readonly SectionTab[]): string | null {
  const matching = tabs.filter((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
  return matching.sort((a, b) => b.to.length - a.to.length)[0]?.to ?? null;
}

/** A section of the app (System, Accounts, …): its title, tabs to the screens the user may open, the screen. */
export function SectionLayout({ titleKey, tabs = [] }: SectionLayoutProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canUse = useAccessCheck();
  const visibleTabs = tabs.filter((tab) => canUse({ group: tab.group, roles: tab.roles }));
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      {visibleTabs.length > 1 && (
        <Tabs value={activeTab(pathname, visibleTabs)} onChange={(value) => value && void navigate(value)}>
          <Tabs.List>
            {visibleTabs.map((tab) => (
              <Tabs.Tab key={tab.to} value={tab.to}>
                {t(tab.labelKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <Outlet />
    </Stack>
  );
}
