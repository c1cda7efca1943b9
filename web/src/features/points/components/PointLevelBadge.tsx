import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PointLevel } from '@aforo/contracts/point-state';
import { AlertLevelBadge } from '../../../ui/AlertLevelBadge';

/** A point's level in its docs/ALERTS.md colour, or "No data" in grey. */
export function PointLevelBadge({ level }: { level: PointLevel }) {
  const { t } = useTranslation();
  if (level) return <AlertLevelBadge level={level} />;
  return (
    <Badge color="gray" variant="light" radius="sm" tt="none" data-level="NO_DATA">
      {t('monitoring.noData')}
    </Badge>
  );
}
