import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alertColours, alertLevels } from '@aforo/contracts/constants';

/** The docs/ALERTS.md colours the map uses, named. */
export function LevelLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" aria-label={t('map.legend')} role="list">
      {alertLevels.map((level) => (
        <Group key={level} gap={6} role="listitem">
          <span
            aria-hidden="true"
            style={{
              width: 12,
              height: 12,
              borderRadius: '50%',
              background: alertColours[level],
              border: '1.5px solid #1f2933',
              display: 'inline-block',
            }}
          />
          <Text size="xs">{t(`alerts.levels.${level}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}
