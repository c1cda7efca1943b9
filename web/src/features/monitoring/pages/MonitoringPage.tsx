import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MonitoringRow } from '@aforo/contracts/monitoring';
import { useNetworkScope } from '../../../lib/network-scope';
import { useOpenInCompany } from '../../../lib/open-in-company';
import { useListUrlState } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { listTableProps } from '../../../ui/list-table';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { alertRowBackgrounds } from '../../alerts';
import { FavouriteToggle, PointLevelBadge, ReadingValue } from '../../points';
import { useMonitoringQuery } from '../api';
import { MonitoringFilters } from '../components/MonitoringFilters';
import { ReadingTime } from '../components/ReadingTime';
import { TrendArrow } from '../components/TrendArrow';
import { monitoringListOptions, monitoringParams } from '../monitoring-list';
import { useMonitoringLive } from '../use-monitoring-live';

const pointPath = (row: MonitoringRow) => `/app/operation/points/${row.pointId}`;

/**
 * /app/monitoring: every point with its latest reading and level, favourites first, then the worst
 * level, live; for provider staff in the network view, every company's points with their company.
 */
export function MonitoringPage() {
  const { t } = useTranslation();
  const openInCompany = useOpenInCompany();
  // a point page is its company's: in the network view another company's point switches to it first
  const open = (row: MonitoringRow) => openInCompany(row.companyId, pointPath(row));
  const list = useListUrlState(monitoringListOptions);
  const network = useNetworkScope();
  const query = useMonitoringQuery(
    { ...monitoringParams(list), ...network.params },
    { enabled: network.ready },
  );
  useMonitoringLive();

  const columns: DataTableColumn<MonitoringRow>[] = [
    {
      accessor: 'favourite',
      title: '',
      width: 48,
      render: (row) => <FavouriteToggle pointId={row.pointId} name={row.name} favourite={row.favourite} />,
    },
    {
      accessor: 'name',
      title: t('points.fields.name'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={pointPath(row)}
            size="sm"
            fw={500}
            onClick={(e) => {
              e.stopPropagation();
              e.preventDefault();
              open(row);
            }}
          >
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`points.kinds.${row.kind}`)}
          </Text>
        </Stack>
      ),
    },
    ...(network.all
      ? [
          {
            accessor: 'companyName',
            title: t('monitoring.company'),
            width: 170,
            render: (row: MonitoringRow) => <Text size="sm">{row.companyName}</Text>,
          },
        ]
      : []),
    {
      accessor: 'value',
      title: t('monitoring.value'),
      render: (row) => <ReadingValue latest={row.latest} unit={row.unit} />,
    },
    {
      accessor: 'time',
      title: t('monitoring.time'),
      sortable: true,
      render: (row) => <ReadingTime iso={row.latest?.ts ?? null} />,
    },
    {
      accessor: 'trend',
      title: t('monitoring.trendTitle'),
      render: (row) => <TrendArrow trend={row.trend} unit={row.unit} />,
    },
    {
      accessor: 'level',
      title: t('monitoring.level'),
      sortable: true,
      // the longest level ("Sin transmisión") whole, never cut
      width: 160,
      render: (row) => <PointLevelBadge level={row.level} />,
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader title={t('nav.monitoring')} description={t('monitoring.description')} />
      <MonitoringFilters list={list} network={network.all} />
      <DataTable
        label={t('nav.monitoring')}
        columns={columns}
        idAccessor="pointId"
        {...listTableProps(list, query)}
        onRowClick={open}
        rowStyle={(row) => (row.level ? { backgroundColor: alertRowBackgrounds[row.level] } : undefined)}
        emptyText={t('monitoring.empty')}
      />
    </Stack>
  );
}
