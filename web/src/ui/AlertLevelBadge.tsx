import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AlertLevel } from '@aforo/contracts/constants';
import { alertColours } from './alert-colours';

/** The level in its docs/ALERTS.md colour (dark text on yellow and orange, white on the others). */
export function AlertLevelBadge({ level }: { level: AlertLevel }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={alertColours[level]}
      autoContrast
      radius="sm"
      tt="none"
      maw="none"
      style={{ flex: 'none' }}
      data-level={level}
    >
      {t(`alerts.levels.${level}`)}
    </Badge>
  );
}
