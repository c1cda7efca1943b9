import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTimeFormat } from '../../../lib/time';
import { useEventsQuery } from '../api';
import { EventTypeBadge } from './EventTypeBadge';

const shown = 10;

/** The latest events of the device installed at a point (GET /api/events?pointId=…), with a link to all. */
export function PointEventsCard({ pointId }: { pointId: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const events = useEventsQuery({ page: 1, length: shown, order: 'ts', dir: 'DESC', pointId });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('screens.events')}
          </Title>
          <Anchor
            component={Link}
            size="sm"
            to={`/app/operation/events?pointId=${encodeURIComponent(pointId)}`}
          >
            {t('telemetry.events.seeAll')}
          </Anchor>
        </Group>
        {events.isPending ? (
          <Text size="sm">{t('common.loading')}</Text>
        ) : events.isError ? (
          <Text size="sm" c="dimmed">
            {events.error.message}
          </Text>
        ) : events.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('telemetry.events.none')}
          </Text>
        ) : (
          <Table aria-label={t('screens.events')}>
            <Table.Tbody>
              {events.data.rows.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td w={170}>{time.timestamp(event.ts)}</Table.Td>
                  <Table.Td w={110}>
                    <EventTypeBadge type={event.type} />
                  </Table.Td>
                  <Table.Td>{event.message ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
