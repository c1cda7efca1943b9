import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { logout } from './logout';

/** The user could not be loaded (network, server down): offer a retry or a way out. */
export function SessionErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={440}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('session.userLoadFailed')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('errors.network')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => logout('signOut')}>
              {t('shell.signOut')}
            </Button>
            <Button onClick={onRetry}>{t('common.retry')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
