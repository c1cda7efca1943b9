import { AppShell, Box, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertToasts } from '../features/alerts';
import { NotificationBell } from '../features/notifications';
import { LiveStream } from '../lib/live-stream-provider';
import { LanguageSelect } from '../ui/LanguageSelect';
import { BrandMark } from './BrandMark';
import { useDocumentTitle } from './use-document-title';
import { CompanySelector } from './CompanySelector';
import { LeftBar } from './LeftBar';
import { UserMenu } from './UserMenu';

/** The signed-in shell: header (brand, company, language, bell, user menu), left bar, screen; the tab's live stream. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useDocumentTitle();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNavigation')}
            />
            <Box component={Link} to="/app/dashboard" c="inherit" style={{ textDecoration: 'none' }}>
              <BrandMark />
            </Box>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <CompanySelector />
            <Box visibleFrom="xs">
              <LanguageSelect />
            </Box>
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <LeftBar onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <LiveStream />
      <AlertToasts />
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
