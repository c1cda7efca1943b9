import { Anchor, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventOrderFields, eventTypes } from '@aforo/contracts/events';
import type { DeviceEvent } from '@aforo/contracts/events';
import { useTimeFormat } from '../../../lib/time';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { ExportButton } from '../../../ui/ExportButton';
import type { DataTableColumn } from '../../../ui/DataTable';
import { listTableProps } from '../../../ui/list-table';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { useDevicesQuery } from '../../devices';
import { useEventsQuery } from '../api';
import { EventTypeBadge } from '../components/EventTypeBadge';

type Order = (typeof eventOrderFields)[number];
type Filter = 'type' | 'deviceId' | 'pointId' | 'from' | 'to';
const listOptions: ListUrlOptions<Order, Filter> = {
  orders: eventOrderFields,
  defaultOrder: 'ts',
  defaultDir: 'DESC',
  filters: ['type', 'deviceId', 'pointId', 'from', 'to'],
};

/** /app/operation/events: what the current company's devices reported (errors, restarts, system). */
export function EventsPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const { type, deviceId, pointId, from, to } = list.filters;
  const devices = useDevicesQuery({ length: -1, order: 'serial', dir: 'ASC' });
  const query = useEventsQuery({ ...listQueryParams(list), type, deviceId, pointId, from, to });

  const columns: DataTableColumn<DeviceEvent>[] = [
    {
      accessor: 'ts',
      title: t('telemetry.events.fields.ts'),
      sortable: true,
      render: (e) => time.timestamp(e.ts),
    },
    {
      accessor: 'type',
      title: t('telemetry.events.fields.type'),
      sortable: true,
      render: (e) => <EventTypeBadge type={e.type} />,
    },
    { accessor: 'message', title: t('telemetry.events.fields.message'), render: (e) => e.message ?? '—' },
    { accessor: 'deviceSerial', title: t('telemetry.fields.device') },
    { accessor: 'pointName', title: t('telemetry.fields.point'), render: (e) => e.pointName ?? '—' },
    {
      accessor: 'receivedAt',
      sortKey: 'received_at',
      title: t('telemetry.fields.receivedAt'),
      sortable: true,
      render: (e) => time.timestamp(e.receivedAt),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.events')}
        description={t('telemetry.events.hint')}
        actions={
          <Anchor component={Link} to="/app/operation/alerts" size="sm">
            {t('alerts.seeAlerts')}
          </Anchor>
        }
      />
      <Group align="flex-end" gap="sm">
        <SearchInput
          label={t('telemetry.events.fields.message')}
          value={list.search}
          onChange={list.setSearch}
          width={220}
        />
        <Select
          label={t('telemetry.events.fields.type')}
          placeholder={t('telemetry.filters.all')}
          data={eventTypes.map((v) => ({ value: v, label: t(`telemetry.events.types.${v}`) }))}
          value={type ?? null}
          onChange={(value) => list.setFilter('type', value)}
          clearable
          w={150}
        />
        <Select
          label={t('telemetry.fields.device')}
          placeholder={t('telemetry.filters.all')}
          data={(devices.data?.rows ?? []).map((d) => ({ value: d.id, label: d.serial }))}
          value={deviceId ?? null}
          onChange={(value) => list.update({ filters: { deviceId: value, pointId: null } })}
          searchable
          clearable
          nothingFoundMessage={t('common.noResults')}
          w={200}
        />
        <DateRangeFilter from={from} to={to} onChange={(bound, iso) => list.setFilter(bound, iso)} />
        <ExportButton
          path="/events/export"
          params={{ search: list.search, type, deviceId, pointId, from, to, dir: list.dir }}
        />
      </Group>
      <DataTable label={t('screens.events')} columns={columns} {...listTableProps(list, query)} />
    </Stack>
  );
}
