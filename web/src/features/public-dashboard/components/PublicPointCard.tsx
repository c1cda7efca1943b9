import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicPoint } from '@aforo/contracts/public-dashboard';
import { RiverLevelCard } from '../../river-level';
import { EmbedSnippet } from './EmbedSnippet';
import { PublicPointChart } from './PublicPointChart';

/** One public point: its river-level widget, its last 7 days and the code to embed the widget. */
export function PublicPointCard({ slug, point }: { slug: string; point: PublicPoint }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" data-testid="public-point" data-point-id={point.id}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RiverLevelCard level={point.riverLevel} bare />
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('publicDashboard.last7Days')}
            </Text>
            <EmbedSnippet slug={slug} pointId={point.id} name={point.name} />
          </Group>
          <PublicPointChart slug={slug} pointId={point.id} />
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
