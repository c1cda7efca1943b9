import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RiverLevelView } from '@aforo/contracts/river-level';
import { AlertLevelBadge } from '../../alerts';
import { useFormat } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { RiverLevelBanners } from './RiverLevelBanners';
import { RiverLevelGauge } from './RiverLevelGauge';
import { TrendLabel } from './TrendLabel';

export interface RiverLevelCardProps {
  level: RiverLevelView;
  /** Where the name links to (the point page); none: plain text. */
  href?: string;
  /** Without its own border and padding (inside a map popup). */
  bare?: boolean;
}

/** The river-level widget drawn from its data (docs/PUBLIC-DASHBOARD.md), wherever that data came from. */
export function RiverLevelCard({ level, href, bare = false }: RiverLevelCardProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const format = useFormat();
  const round = (v: number) => format.number(v, { resolution: 0.01 });
  const body = (
    <Stack gap={6} data-testid="river-level-widget" data-point-id={level.pointId} data-level={level.level}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {href ? (
          <Anchor component={Link} to={href} fw={600} lineClamp={1}>
            {level.name}
          </Anchor>
        ) : (
          <Text fw={600} lineClamp={1}>
            {level.name}
          </Text>
        )}
        <AlertLevelBadge level={level.level} />
      </Group>
      <Group justify="space-between" align="baseline">
        <Text size="xl" fw={700} c={level.state.stale ? 'dimmed' : undefined} data-testid="river-level-value">
          {level.current?.value != null ? `${round(level.current.value)} ${level.unit}` : '—'}
        </Text>
        <TrendLabel perHour={level.state.stale ? null : level.trendPerHour} unit={level.unit} />
      </Group>
      {level.current && (
        <Text size="xs" c="dimmed">
          {time.dateTime(level.current.ts)}
        </Text>
      )}
      <RiverLevelBanners level={level} />
      <RiverLevelGauge level={level} />
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('riverLevel.typicalRange')}:{' '}
          {level.typical ? `${round(level.typical.low)} – ${round(level.typical.high)} ${level.unit}` : '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {t('riverLevel.recordHigh')}:{' '}
          {level.record
            ? `${round(level.record.value)} ${level.unit} (${time.dateTime(level.record.ts)})`
            : '—'}
        </Text>
      </Stack>
    </Stack>
  );
  if (bare) return body;
  return (
    <Card withBorder radius="md" padding="md">
      {body}
    </Card>
  );
}
