import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failedMeasureReasons } from '@aforo/contracts/device-protocol';
import { failedMeasureOrderFields } from '@aforo/contracts/failed-measures';
import type { FailedMeasure } from '@aforo/contracts/failed-measures';
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
import { useFailedMeasuresQuery } from '../api';
import { FailedMeasureModal } from '../components/FailedMeasureModal';
import { useFailureDetailText } from '../failure-detail';
import { reasonKey } from '../payload';

type Order = (typeof failedMeasureOrderFields)[number];
type Filter = 'reason' | 'serial' | 'from' | 'to';
const listOptions: ListUrlOptions<Order, Filter> = {
  orders: failedMeasureOrderFields,
  defaultOrder: 'received_at',
  defaultDir: 'DESC',
  filters: ['reason', 'serial', 'from', 'to'],
};

/** /app/administration/measures-failed: refused messages and measures; a row opens its raw payload. */
export function MeasuresFailedPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const { reason, serial, from, to } = list.filters;
  const query = useFailedMeasuresQuery({ ...listQueryParams(list), reason, serial, from, to });
  const [open, setOpen] = useState<string | null>(null);
  const reasonText = (r: string) => t(reasonKey(r), { defaultValue: r });
  const detailText = useFailureDetailText();

  const columns: DataTableColumn<FailedMeasure>[] = [
    {
      accessor: 'receivedAt',
      sortKey: 'received_at',
      title: t('telemetry.fields.receivedAt'),
      sortable: true,
      render: (row) => time.timestamp(row.receivedAt),
    },
    {
      accessor: 'reason',
      title: t('telemetry.failed.fields.reason'),
      sortable: true,
      render: (row) => reasonText(row.reason),
    },
    {
      accessor: 'serial',
      title: t('telemetry.failed.fields.serial'),
      sortable: true,
      render: (row) => row.serial ?? '—',
    },
    {
      accessor: 'topic',
      title: t('telemetry.fields.topic'),
      render: (row) =>
        row.topic ? (
          <Text size="xs" ff="monospace" c="dimmed">
            {row.topic}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'detail',
      title: t('telemetry.failed.fields.detail'),
      render: (row) => (
        <Text size="sm" lineClamp={2} title={row.detail ?? undefined}>
          {detailText(row)}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader title={t('screens.measuresFailed')} description={t('telemetry.failed.hint')} />
      <Group align="flex-end" gap="sm">
        <SearchInput label={t('common.search')} value={list.search} onChange={list.setSearch} width={220} />
        <Select
          label={t('telemetry.failed.fields.reason')}
          placeholder={t('telemetry.filters.all')}
          data={failedMeasureReasons.map((r) => ({ value: r, label: reasonText(r) }))}
          value={reason ?? null}
          onChange={(value) => list.setFilter('reason', value)}
          clearable
          w={240}
        />
        <SearchInput
          label={t('telemetry.failed.fields.serial')}
          placeholder="AFR-1001"
          value={serial ?? ''}
          onChange={(value) => list.setFilter('serial', value)}
          width={160}
        />
        <DateRangeFilter from={from} to={to} onChange={(bound, iso) => list.setFilter(bound, iso)} />
        <ExportButton
          path="/measures-failed/export"
          params={{ search: list.search, reason, serial, from, to, dir: list.dir }}
        />
      </Group>
      <DataTable
        label={t('screens.measuresFailed')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(row) => setOpen(row.id)}
      />
      {open && <FailedMeasureModal key={open} id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
