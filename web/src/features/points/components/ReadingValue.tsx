import { Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointLatest } from '@aforo/contracts/point-state';
import { useFormat } from '../../../lib/format';

/** The latest value with its unit; suspect (3) and failed (4) readings are marked (QARTOD flags). */
export function ReadingValue({ latest, unit }: { latest: PointLatest | null; unit: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!latest) return <Text c="dimmed">—</Text>;
  const mark = latest.flag === 3 ? 'suspect' : latest.flag === 4 ? 'failed' : null;
  return (
    <Group gap={4} wrap="nowrap" data-flag={latest.flag}>
      <Text fw={600} ff="monospace">
        {format.value(latest.value)}
      </Text>
      <Text size="sm" c="dimmed">
        {unit}
      </Text>
      {mark && (
        <Tooltip label={t(`monitoring.flags.${mark}`)}>
          <Text size="sm" c={mark === 'failed' ? 'red' : 'orange'} aria-label={t(`monitoring.flags.${mark}`)}>
            ⚠
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}
