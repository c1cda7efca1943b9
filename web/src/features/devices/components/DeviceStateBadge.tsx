import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceState } from '@aforo/contracts/device-states';
import { deviceStateColours, deviceStateKey } from '../device-actions';

/** A device state, translated, in its colour. */
export function DeviceStateBadge({ state }: { state: DeviceState }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={deviceStateColours[state]}
      radius="sm"
      style={{ flexShrink: 0 }}
      miw="max-content"
    >
      {t(deviceStateKey(state))}
    </Badge>
  );
}
