import { Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@aforo/contracts/overview';
import { formatNumber } from '../../../lib/format';

/** Points transmitting today (standing in for the month's operation %) and devices out of service. */
export function NetworkFigures({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const today = overview.transmittingToday;
  const out = overview.devicesOutOfService;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Card withBorder padding="md" data-testid="transmitting-today">
        <Text fw={600}>{t('overview.transmittingToday')}</Text>
        <Group align="baseline" gap="xs">
          <Text fz={28} fw={700}>
            {today.percent === null ? '—' : `${formatNumber(today.percent)} %`}
          </Text>
          <Text size="sm" c="dimmed">
            {t('overview.transmittingOf', { transmitting: today.transmitting, total: today.total })}
          </Text>
        </Group>
        <Progress value={today.percent ?? 0} color="teal" mt={4} aria-hidden />
        <Text size="xs" c="dimmed" mt="xs">
          {t('overview.operationNote')}
        </Text>
      </Card>
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
