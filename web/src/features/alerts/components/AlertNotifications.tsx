import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AlertDetail, AlertNotification } from '@aforo/contracts/alerts';
import { useTimeFormat } from '../../../lib/time';

const statusColours: Record<AlertNotification['status'], string> = {
  queued: 'blue',
  held: 'yellow',
  sent: 'green',
  failed: 'red',
};

/**
 * The notifications sent for the alert, one row per recipient and channel (in-app, e-mail, webhook)
 * with its delivery status: sent when, held until when and why, failed after how many attempts.
 */
export function AlertNotifications({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const status = (n: AlertNotification) => {
    if (n.status === 'sent' && n.sentAt)
      return t('notifications.deliveries.sentAt', { time: time.dateTime(n.sentAt) });
    if (n.status === 'held')
      return n.holdReason === 'incident'
        ? t('alerts.detail.notifications.heldIncident')
        : t('alerts.detail.notifications.heldQuiet', { time: time.dateTime(n.notBefore) });
    if (n.status === 'queued' && n.notBefore)
      return t('notifications.deliveries.notBefore', { time: time.dateTime(n.notBefore) });
    if (n.status === 'failed')
      return n.lastError ?? t('alerts.detail.notifications.attempts', { count: n.attempts });
    return null;
  };
  const recipient = (n: AlertNotification) =>
    n.recipient ?? (n.channel === 'webhook' ? t('alerts.detail.notifications.webhookHidden') : '—');

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('alerts.detail.notifications.title')}
        </Title>
        {alert.notifications.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(
              alert.late || alert.muted
                ? 'alerts.detail.notifications.noneNotified'
                : 'alerts.detail.notifications.none',
            )}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} fz="sm" aria-label={t('alerts.detail.notifications.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('alerts.detail.notifications.when')}</Table.Th>
                  <Table.Th>{t('alerts.detail.notifications.kind')}</Table.Th>
                  <Table.Th>{t('notifications.deliveries.fields.channel')}</Table.Th>
                  <Table.Th>{t('notifications.deliveries.fields.recipient')}</Table.Th>
                  <Table.Th>{t('notifications.deliveries.fields.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alert.notifications.map((n) => (
                  <Table.Tr key={n.id} data-channel={n.channel}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{time.dateTime(n.createdAt)}</Table.Td>
                    <Table.Td>
                      {t(`alerts.detail.notifications.kinds.${n.kind}`)}
                      {n.configName && (
                        <Text size="xs" c="dimmed">
                          {n.configName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`notifications.channels.${n.channel}`)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>{recipient(n)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColours[n.status]} radius="sm" tt="none">
                        {t(`notifications.deliveries.statuses.${n.status}`)}
                      </Badge>
                      {status(n) && (
                        <Text size="xs" c="dimmed">
                          {status(n)}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
