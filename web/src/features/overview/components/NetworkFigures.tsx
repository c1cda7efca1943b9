import { Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@aforo/contracts/overview';
import { OperationThisMonthCard } from './OperationThisMonthCard';
import { OutOfServiceFigure } from './OutOfServiceFigure';

/** The month's operation % so far and the installed devices out of service (links to the devices list). */
export function NetworkFigures({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const out = overview.devicesOutOfService;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <OperationThisMonthCard overview={overview} />
      <Card withBorder padding="md" data-testid="out-of-service">
        <Text fw={600}>{t('overview.outOfService')}</Text>
        <Group gap="xl" mt={4}>
          <OutOfServiceFigure
            count={out.under24h}
            label={t('overview.under24h')}
            colour="orange"
            transmission="out_of_service_under_24h"
            network={overview.network}
          />
          <OutOfServiceFigure
            count={out.over24h}
            label={t('overview.over24h')}
            colour="red"
            transmission="out_of_service_over_24h"
            network={overview.network}
          />
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('overview.outOfServiceNote')}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
