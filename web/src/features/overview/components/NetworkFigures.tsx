import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@aforo/contracts/overview';
import { OperationThisMonthCard } from './OperationThisMonthCard';

/** The month's operation % so far and the installed devices out of service. */
export function NetworkFigures({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const out = overview.devicesOutOfService;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <OperationThisMonthCard overview={overview} />
      <Card withBorder padding="md" data-testid="out-of-service">
        <Text fw={600}>{t('overview.outOfService')}</Text>
        <Group gap="xl" mt={4}>
          <Stack gap={0}>
            <Text fz={28} fw={700} c={out.under24h > 0 ? 'orange' : undefined}>
              {out.under24h}
            </Text>
            <Text size="sm" c="dimmed">
              {t('overview.under24h')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text fz={28} fw={700} c={out.over24h > 0 ? 'red' : undefined}>
              {out.over24h}
            </Text>
            <Text size="sm" c="dimmed">
              {t('overview.over24h')}
            </Text>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('overview.outOfServiceNote')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
