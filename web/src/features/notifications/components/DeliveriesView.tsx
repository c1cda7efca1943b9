import { Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notificationChannels } from '@aforo/contracts/notification-configs';
import { deliveryStatuses } from '@aforo/contracts/notifications';
import type { NotificationDelivery } from '@aforo/contracts/notifications';
import { useTimeFormat } from '../../../lib/time';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { listTableProps } from '../../../ui/list-table';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { useNotificationConfigsQuery, useNotificationDeliveriesQuery } from '../api';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';

type Filter = 'status' | 'channel' | 'configId' | 'from' | 'to';
// the deliveries list has no order of its own (newest first)
const listOptions: ListUrlOptions<'created_at', Filter> = {
  orders: ['created_at'],
  defaultOrder: 'created_at',
  filters: ['status', 'channel', 'configId', 'from', 'to'],
};

/** The delivery log: every notification per recipient and channel, with its status and attempts. */
export function DeliveriesView() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const { status, channel, configId, from, to } = list.filters;
  const configs = useNotificationConfigsQuery({ length: -1, order: 'name', dir: 'ASC' });
  const query = useNotificationDeliveriesQuery({
    page: list.page,
    length: list.length,
    dir: list.dir,
    status,
    channel,
    configId,
    from,
    to,
  });
  const all = t('telemetry.filters.all');

  const columns: DataTableColumn<NotificationDelivery>[] = [
    {
      accessor: 'createdAt',
      title: t('notifications.deliveries.fields.createdAt'),
      render: (d) => time.timestamp(d.createdAt),
    },
    {
      accessor: 'configName',
      title: t('notifications.deliveries.fields.config'),
      render: (d) => d.configName ?? '—',
    },
    {
      accessor: 'channel',
      title: t('notifications.deliveries.fields.channel'),
      render: (d) => t(`notifications.channels.${d.channel}`),
    },
    { accessor: 'recipient', title: t('notifications.deliveries.fields.recipient') },
    {
      accessor: 'status',
      title: t('notifications.deliveries.fields.status'),
      render: (d) => <DeliveryStatusBadge status={d.status} />,
    },
    { accessor: 'attempts', title: t('notifications.deliveries.fields.attempts'), textAlign: 'right' },
    {
      accessor: 'lastError',
      title: t('notifications.deliveries.fields.detail'),
      render: (d) => (
        <Stack gap={0}>
          {d.lastError && (
            <Text size="xs" c="red">
              {d.lastError}
            </Text>
          )}
          {d.notBefore && d.status !== 'sent' && (
            <Text size="xs" c="dimmed">
              {t('notifications.deliveries.notBefore', { time: time.dateTime(d.notBefore) })}
            </Text>
          )}
          {d.sentAt && (
            <Text size="xs">{t('notifications.deliveries.sentAt', { time: time.timestamp(d.sentAt) })}</Text>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('notifications.deliveries.title')}
        description={t('notifications.deliveries.hint')}
      />
      <Group align="flex-end" gap="sm">
        <Select
          label={t('notifications.deliveries.fields.status')}
          placeholder={all}
          data={deliveryStatuses.map((s) => ({
            value: s,
            label: t(`notifications.deliveries.statuses.${s}`),
          }))}
          value={status ?? null}
          onChange={(v) => list.setFilter('status', v)}
          clearable
          w={160}
        />
        <Select
          label={t('notifications.deliveries.fields.channel')}
          placeholder={all}
          data={notificationChannels.map((c) => ({ value: c, label: t(`notifications.channels.${c}`) }))}
          value={channel ?? null}
          onChange={(v) => list.setFilter('channel', v)}
          clearable
          w={160}
        />
        <Select
          label={t('notifications.deliveries.fields.config')}
          placeholder={all}
          data={(configs.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={configId ?? null}
          onChange={(v) => list.setFilter('configId', v)}
          clearable
          searchable
          w={220}
        />
        <DateRangeFilter from={from} to={to} onChange={(bound, iso) => list.setFilter(bound, iso)} />
      </Group>
      <DataTable
        label={t('notifications.deliveries.title')}
        columns={columns}
        {...listTableProps(list, query)}
      />
    </Stack>
  );
}
