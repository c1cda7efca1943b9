import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { measureFlags, measureOrderFields } from '@aforo/contracts/measures';
import type { Measure } from '@aforo/contracts/measures';
import { formatValue } from '../../../lib/format';
import { usePointOptionsQuery } from '../../../lib/points-api';
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
import { useMeasuresQuery } from '../api';
import { FlagBadge } from '../components/FlagBadge';

type Order = (typeof measureOrderFields)[number];
type Filter = 'pointId' | 'deviceId' | 'from' | 'to' | 'port' | 'flag';
const listOptions: ListUrlOptions<Order, Filter> = {
  orders: measureOrderFields,
  defaultOrder: 'ts',
  defaultDir: 'DESC',
  defaultLength: 50,
  filters: ['pointId', 'deviceId', 'from', 'to', 'port', 'flag'],
};
const measureId = (m: Measure) => `${m.deviceId}/${m.port}/${m.ts}`;

/**
 * /app/operation/measures: the stored measures of one point or one device (?pointId= / ?deviceId=,
 * so the point page can link here), over a time range (default: the server's last 24 hours).
 */
export function MeasuresPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const { pointId, deviceId, from, to, port, flag } = list.filters;
  const points = usePointOptionsQuery();
  const devices = useDevicesQuery({ length: -1, order: 'serial', dir: 'ASC' });
  const chosen = Boolean(pointId || deviceId);
  const { search: _search, ...paging } = listQueryParams(list);
  const query = useMeasuresQuery({ ...paging, pointId, deviceId, from, to, port, flag }, { enabled: chosen });
  const empty = chosen && query.isSuccess && !query.isPlaceholderData && query.data.total === 0;
  // docs/VALIDATION.md: an export names both dates; an open bound exports the range the list shows
  const exportRange = { from: from ?? query.data?.from, to: to ?? query.data?.to };
  const exportBlocked = !chosen
    ? t('exports.needsPointOrDevice')
    : !exportRange.from || !exportRange.to
      ? t('common.loading')
      : undefined;

  const columns: DataTableColumn<Measure>[] = [
    {
      accessor: 'ts',
      title: t('telemetry.measures.fields.ts'),
      sortable: true,
      render: (m) => time.timestamp(m.ts),
    },
    { accessor: 'epoch', title: t('telemetry.measures.fields.epoch') },
    pointId
      ? { accessor: 'deviceSerial', title: t('telemetry.fields.device') }
      : { accessor: 'pointName', title: t('telemetry.fields.point'), render: (m) => m.pointName ?? '—' },
    { accessor: 'port', title: t('telemetry.measures.fields.port') },
    {
      accessor: 'direct',
      title: t('telemetry.measures.fields.direct'),
      textAlign: 'right',
      render: (m) => formatValue(m.direct),
    },
    {
      accessor: 'adjusted',
      title: t('telemetry.measures.fields.adjusted'),
      textAlign: 'right',
      render: (m) => formatValue(m.adjusted),
    },
    {
      accessor: 'interpreted',
      title: t('telemetry.measures.fields.interpreted'),
      textAlign: 'right',
      render: (m) => formatValue(m.interpreted),
    },
    {
      accessor: 'flag',
      title: t('telemetry.measures.fields.flag'),
      render: (m) => <FlagBadge flag={m.flag} />,
    },
    {
      accessor: 'topic',
      title: t('telemetry.fields.topic'),
      render: (m) =>
        m.topic ? (
          <Text size="xs" ff="monospace" c="dimmed">
            {m.topic}
          </Text>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader title={t('screens.measures')} description={t('telemetry.measures.hint')} />
      <Group align="flex-end" gap="sm">
        <Select
          label={t('telemetry.fields.point')}
          placeholder={t('telemetry.measures.choosePoint')}
          data={(points.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={pointId ?? null}
          onChange={(value) => list.update({ filters: { pointId: value, deviceId: null } })}
          searchable
          clearable
          nothingFoundMessage={t('common.noResults')}
          w={320}
        />
        <Select
          label={t('telemetry.fields.device')}
          placeholder={t('telemetry.measures.chooseDevice')}
          data={(devices.data?.rows ?? []).map((d) => ({ value: d.id, label: d.serial }))}
          value={deviceId ?? null}
          onChange={(value) => list.update({ filters: { deviceId: value, pointId: null } })}
          searchable
          clearable
          nothingFoundMessage={t('common.noResults')}
          w={200}
        />
        <SearchInput
          label={t('telemetry.measures.fields.port')}
          placeholder="ai1"
          value={port ?? ''}
          onChange={(value) => list.setFilter('port', value)}
          width={110}
        />
        <Select
          label={t('telemetry.measures.fields.flag')}
          placeholder={t('telemetry.filters.all')}
          data={measureFlags.map((f) => ({ value: String(f), label: t(`telemetry.flags.${f}`) }))}
          value={flag ?? null}
          onChange={(value) => list.setFilter('flag', value)}
          clearable
          w={150}
        />
      </Group>
      <Group align="flex-end" gap="sm">
        <DateRangeFilter
          from={from}
          to={to}
          shownFrom={query.data?.from}
          shownTo={query.data?.to}
          onChange={(bound, iso) => list.setFilter(bound, iso)}
        />
        <ExportButton
          path="/measures/export"
          params={{ pointId, deviceId, ...exportRange, port, flag, dir: list.dir }}
          withFrequency
          spreadsheet
          disabledReason={exportBlocked}
        />
      </Group>
      {!chosen ? (
        <Alert color="blue" variant="light">
          {t('telemetry.measures.chooseFirst')}
        </Alert>
      ) : (
        <>
          {empty && (
            <Alert color="gray" variant="light" title={t('telemetry.measures.emptyTitle')}>
              {t('telemetry.measures.empty', {
                from: time.timestamp(query.data.from),
                to: time.timestamp(query.data.to),
              })}
            </Alert>
          )}
          <DataTable
            label={t('screens.measures')}
            columns={columns}
            idAccessor={measureId}
            {...listTableProps(list, query)}
          />
        </>
      )}
    </Stack>
  );
}
