import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** A report's loading and error states: the server's message (in the interface language) and a retry. */
export function ReportQueryState({ query }: { query: UseQueryResult<unknown, Error> }) {
  const { t } = useTranslation();
  if (query.error)
    return (
      <Alert color="red" variant="light" role="alert" title={t('reports.loadFailed')}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (query.isPending && query.fetchStatus === 'fetching')
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t('reports.loading')}
        </Text>
      </Group>
    );
  return null;
}
