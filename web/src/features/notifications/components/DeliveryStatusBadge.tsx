import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@aforo/contracts/notifications';

const colours: Record<DeliveryStatus, string> = {
  queued: 'blue',
  held: 'yellow',
  sent: 'teal',
  failed: 'red',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colours[status]} radius="sm" tt="none" maw="none" data-status={status}>
      {t(`notifications.deliveries.statuses.${status}`)}
    </Badge>
  );
}
