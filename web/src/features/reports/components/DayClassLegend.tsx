import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cellColour, shownClasses } from '../day-classes';
import { DayCellSwatch } from './DayCellSwatch';

/** What each colour of the calendar strips means. */
export function DayClassLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" aria-label={t('reports.legend')} role="list">
      {shownClasses.map((shown) => (
        <Group key={shown} gap={6} wrap="nowrap" role="listitem">
          <DayCellSwatch colour={cellColour(shown)} outlined={shown === 'none'} />
          <Text size="xs">{t(`reports.classes.${shown}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}
