import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readRouteHandle } from '../lib/route-handle';

/** A screen owned by a later issue: its translated title (from the route handle) and "coming soon". */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = readRouteHandle(matches.at(-1)?.handle).titleKey;
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{titleKey ? t(titleKey) : t('common.appName')}</Title>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="xs" align="flex-start">
          <Badge variant="light" color="teal" size="lg">
            {t('common.comingSoon')}
          </Badge>
          <Text c="dimmed">{t('common.comingSoonHint')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
