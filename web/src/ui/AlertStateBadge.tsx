import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@aforo/contracts/alerts';

const colours: Record<Alert['state'], string> = {
  open: 'red',
  acknowledged: 'blue',
  cleared_unacknowledged: 'orange',
  cleared: 'gray',
};

// a badge's label wraps instead of being cut ("Resuelta sin reco…") in a narrow column
const wrapping = { root: { height: 'auto', minHeight: 20 }, label: { whiteSpace: 'normal' as const } };

/** The lifecycle state, with shelved / muted / late beside it when they apply. */
export function AlertStateBadge({ alert }: { alert: Pick<Alert, 'state' | 'shelved' | 'muted' | 'late'> }) {
  const { t } = useTranslation();
  const extra = (key: string) => (
    <Badge variant="outline" color="gray" radius="sm" tt="none" maw="none" styles={wrapping}>
      {t(key)}
    </Badge>
  );
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        variant="light"
        color={colours[alert.state]}
        radius="sm"
        tt="none"
        maw="none"
        styles={wrapping}
        data-testid="alert-state"
      >
        {t(`alerts.states.${alert.state}`)}
      </Badge>
      {alert.shelved && extra('alerts.badges.shelved')}
      {alert.muted && extra('alerts.badges.muted')}
      {alert.late && extra('alerts.badges.late')}
    </Group>
  );
}
