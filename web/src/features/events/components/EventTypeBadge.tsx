import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colours: Record<string, string> = { ERROR: 'red', RESTART: 'orange', SYSTEM: 'blue' };

export function EventTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colours[type] ?? 'gray'} radius="sm">
      {t(`telemetry.events.types.${type}`, { defaultValue: type })}
    </Badge>
  );
}
