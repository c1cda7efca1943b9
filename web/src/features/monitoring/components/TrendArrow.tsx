import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointTrend } from '@aforo/contracts/monitoring';
import { formatValue } from '../../../lib/format';

const arrows = { up: '↑', down: '↓', steady: '→' } as const;

/** The trend's arrow and its rate per hour (contracts/monitoring.ts); a dash when there is none. */
export function TrendArrow({ trend, unit }: { trend: PointTrend | null; unit: string }) {
  const { t } = useTranslation();
  if (!trend) return <Text c="dimmed">—</Text>;
  const rate = `${trend.ratePerHour > 0 ? '+' : ''}${formatValue(Math.round(trend.ratePerHour * 1000) / 1000)} ${unit}/h`;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      data-trend={trend.direction}
      title={t('monitoring.trendOver', { minutes: trend.overMinutes })}
    >
      <Text fw={700} aria-label={t(`monitoring.trend.${trend.direction}`)}>
        {arrows[trend.direction]}
      </Text>
      <Text size="xs" c="dimmed">
        {rate}
      </Text>
    </Group>
  );
}
