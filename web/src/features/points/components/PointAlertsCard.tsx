import { Alert as Notice, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { formatValue } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { usePointAlerts } from '../../../lib/alerts-api';
import { alertRowBackgrounds } from '../../../ui/alert-colours';
import { AlertLevelBadge } from '../../../ui/AlertLevelBadge';
import { AlertStateBadge } from '../../../ui/AlertStateBadge';

/** The point page's alerts: the active ones first, then those of the last 30 days; each opens its detail. */
export function PointAlertsCard({ pointId }: { pointId: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const { alerts, isPending, error, refetch } = usePointAlerts(pointId);
  const active = alerts.filter((a) => a.active);
  const recent = alerts.filter((a) => !a.active);

  const table = (rows: Alert[], label: string) => (
    <Table aria-label={label} verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {rows.map((a) => (
          <Table.Tr
            key={a.id}
            style={a.active ? { backgroundColor: alertRowBackgrounds[a.level] } : undefined}
          >
            <Table.Td w={150}>
              <AlertLevelBadge level={a.level} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/app/operation/alerts/${encodeURIComponent(a.id)}`} size="sm">
                {t(`alerts.types.${a.type}`)}
              </Anchor>
            </Table.Td>
            <Table.Td>{a.port ?? '—'}</Table.Td>
            <Table.Td>
              {time.dateTime(a.openedAt)}
              {a.clearedAt ? ` → ${time.dateTime(a.clearedAt)}` : ''}
            </Table.Td>
            <Table.Td ta="right">
              {a.lastValue === null ? '—' : `${formatValue(a.lastValue)} ${a.unit}`}
            </Table.Td>
            <Table.Td>
              <AlertStateBadge alert={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('alerts.point.title')}
          </Title>
          <Anchor
            component={Link}
            to={`/app/operation/alerts?state=all&pointId=${encodeURIComponent(pointId)}`}
            size="sm"
          >
            {t('alerts.point.seeAll')}
          </Anchor>
        </Group>
        {error ? (
          <Notice color="red" variant="light">
            <Group justify="space-between">
              <Text size="sm">{error.message}</Text>
              <Button size="xs" variant="light" color="red" onClick={refetch}>
                {t('common.retry')}
              </Button>
            </Group>
          </Notice>
        ) : isPending ? (
          <Text size="sm" c="dimmed">
            {t('common.loading')}
          </Text>
        ) : alerts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('alerts.point.none')}
          </Text>
        ) : (
          <>
            {active.length > 0 && (
              <>
                <Text size="sm" fw={500}>
                  {t('alerts.point.active')}
                </Text>
                {table(active, t('alerts.point.active'))}
              </>
            )}
            {recent.length > 0 && (
              <>
                <Text size="sm" fw={500}>
                  {t('alerts.point.recent')}
                </Text>
                {table(recent, t('alerts.point.recent'))}
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
