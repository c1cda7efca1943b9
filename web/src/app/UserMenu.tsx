import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiDocsUrl } from '../lib/contact';
import { useCurrentUserQuery } from '../lib/current-user';
import { logout } from './logout';

// their forms and Mantine's Modal load when first opened, not with the shell (issue 13 first-load budget)
const SettingsModal = lazy(() => import('./SettingsModal').then((m) => ({ default: m.SettingsModal })));
const SupportModal = lazy(() => import('./SupportModal').then((m) => ({ default: m.SupportModal })));

/**
 * The avatar's letters: the first letter of the name and of the surname (their first words, so
 * "María José" "de la Fuente" is "MD"); without a name, the e-mail's first two letters; '?' at worst.
 * The demo spectator is "Visitante Norte" (VN): "Espectador Norte" gave EN, read as the language
 * switch beside it.
 */
export function initials(name: string, surname: string, email = ''): string {
  const first = (text: string) => [...text.trim()].find((c) => /\p{L}|\p{N}/u.test(c)) ?? '';
  const fromName = `${first(name)}${first(surname)}`;
  const letters = fromName || [...email.split('@')[0]!].filter((c) => /\p{L}/u.test(c)).slice(0, 2).join('');
  return letters.toLocaleUpperCase() || '?';
}

/** My Profile, Support, Wiki, Settings, Sign Out (docs/WEB.md). */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const [modal, setModal] = useState<'support' | 'settings' | null>(null);
  if (!user) return null;

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton
            aria-label={t('shell.userMenu')}
            px={6}
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar color="blue" radius="xl" size={34}>
                {initials(user.name, user.surname, user.email)}
              </Avatar>
              <Box visibleFrom="md" maw={180}>
                <Text size="sm" fw={500} truncate>
                  {user.name} {user.surname}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`/app/accounts/${encodeURIComponent(user.id)}`}>
            {t('shell.myProfile')}
          </Menu.Item>
          <Menu.Item onClick={() => setModal('support')}>{t('shell.support')}</Menu.Item>
          <Menu.Item component="a" href={apiDocsUrl} target="_blank" rel="noopener">
            {t('shell.wiki')}
          </Menu.Item>
          <Menu.Item onClick={() => setModal('settings')}>{t('shell.settings')}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => logout('signOut')}>
            {t('shell.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {modal && (
        <Suspense fallback={null}>
          <SupportModal opened={modal === 'support'} onClose={() => setModal(null)} />
          <SettingsModal opened={modal === 'settings'} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </>
  );
}
