import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceTransmission } from '@aforo/contracts/devices';
import { deviceTransmissionColours, deviceTransmissionKeys } from '../device-transmission';

/** An installed device's transmission status, translated, in its colour; a dash when it has none. */
export function DeviceTransmissionBadge({ transmission }: { transmission: DeviceTransmission | null }) {
  const { t } = useTranslation();
  if (transmission === null) return '—';
  return (
    <Badge
      variant="light"
      color={deviceTransmissionColours[transmission]}
      radius="sm"
      style={{ flexShrink: 0 }}
      miw="max-content"
    >
      {t(deviceTransmissionKeys[transmission])}
    </Badge>
  );
}
