import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { useTimeFormat } from '../../../lib/time';
import { AlertLevelBadge } from '../../alerts';

/** The newest open alerts of the company (or of the network, naming each one's company), with a link to the full list. */
export function LatestAlertsCard({
  alerts,
  open,
  showCompany = false,
}: {
  alerts: Alert[];
  open: number;
  showCompany?: boolean;
}) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('overview.latestAlerts', { count: open })}</Text>
        <Anchor component={Link} to="/app/operation/alerts?state=active" size="sm">
          {t('overview.allAlerts')}
        </Anchor>
      </Group>
      {alerts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('overview.noOpenAlerts')}
        </Text>
      ) : (
        <Table aria-label={t('overview.latestAlerts', { count: open })} verticalSpacing={6}>
          <Table.Tbody>
            {alerts.map((alert) => (
              <Table.Tr key={alert.id}>
                <Table.Td w={150}>
                  <AlertLevelBadge level={alert.level} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/app/operation/points/${alert.pointId}`} size="sm" fw={500}>
                      {alert.pointName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {showCompany
                        ? `${alert.companyName} · ${t(`alerts.types.${alert.type}`)}`
                        : t(`alerts.types.${alert.type}`)}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="xs" c="dimmed">
                    {format.dateTime(alert.openedAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
