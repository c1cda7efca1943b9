import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The "home loading" screen: shown while the session's user or a route module loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status">
      <Stack align="center" gap="sm">
        <Loader type="dots" size="lg" />
        <Text c="dimmed" size="sm">
          {t('session.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
