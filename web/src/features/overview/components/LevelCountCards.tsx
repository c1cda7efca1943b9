import { Card, Group, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LevelCounts } from '@aforo/contracts/overview';
import { pointLevelFilters } from '@aforo/contracts/point-state';
import { alertColours } from '@aforo/contracts/constants';

const noDataColour = '#868E96';

/** One card per level (docs/ALERTS.md colours) with its point count; a click opens monitoring filtered by it. */
export function LevelCountCards({ counts }: { counts: LevelCounts }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {pointLevelFilters.map((level) => {
        const colour = level === 'NO_DATA' ? noDataColour : alertColours[level];
        const label = level === 'NO_DATA' ? t('monitoring.noData') : t(`alerts.levels.${level}`);
        return (
          <UnstyledButton
            key={level}
            component={Link}
            to={`/app/monitoring?level=${level}`}
            data-level={level}
          >
            <Card withBorder padding="sm" style={{ borderLeft: `6px solid ${colour}` }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Group gap={6} align="baseline">
                <Text
                  fz={28}
                  fw={700}
                  aria-label={t('overview.pointsAt', { count: counts[level], level: label })}
                >
                  {counts[level]}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('overview.points', { count: counts[level] })}
                </Text>
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
