import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { trendDirection } from '../gauge-scale';

const arrows = { up: '↑', down: '↓', steady: '→' } as const;

/** The trend arrow and its rate in unit per hour ("↑ +0.12 m/h"). */
export function TrendLabel({ perHour, unit }: { perHour: number | null; unit: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const direction = trendDirection(perHour);
  if (direction === null || perHour === null) {
    return (
      <Text size="sm" c="dimmed" data-trend="none">
        {t('riverLevel.noTrend')}
      </Text>
    );
  }
  const rate = format.signed(perHour, 2);
  return (
    <Text size="sm" fw={600} data-trend={direction} title={t(`riverLevel.trend.${direction}`)}>
      <span aria-hidden="true" style={{ fontSize: '1.2em' }}>
        {arrows[direction]}
      </span>{' '}
      {t('riverLevel.perHour', { rate, unit })}
    </Text>
  );
}
