import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@aforo/contracts/alerts';

const colours: Record<Alert['state'], string> = {
  open: 'red',
  acknowledged: 'blue',
  cleared_unacknowledged: 'orange',
  cleared: 'gray',
};

/** The lifecycle state, with shelved / muted / late beside it when they apply. */
export function AlertStateBadge({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        variant="light"
        color={colours[alert.state]}
        radius="sm"
        tt="none"
        maw="none"
        data-testid="alert-state"
      >
        {t(`alerts.states.${alert.state}`)}
      </Badge>
      {alert.shelved && (
        <Badge variant="outline" color="gray" radius="sm" tt="none" maw="none">
          {t('alerts.badges.shelved')}
        </Badge>
      )}
      {alert.muted && (
        <Badge variant="outline" color="gray" radius="sm" tt="none" maw="none">
          {t('alerts.badges.muted')}
        </Badge>
      )}
      {alert.late && (
        <Badge variant="outline" color="gray" radius="sm" tt="none" maw="none">
          {t('alerts.badges.late')}
        </Badge>
      )}
    </Group>
  );
}
