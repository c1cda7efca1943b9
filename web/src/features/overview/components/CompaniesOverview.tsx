import { Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OverviewCompanyRow } from '@aforo/contracts/overview';
import { pointLevelFilters } from '@aforo/contracts/point-state';
import { alertColours } from '@aforo/contracts/constants';
import { useFormat } from '../../../lib/format';
import { useNetworkScope } from '../../../lib/network-scope';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { listTableProps } from '../../../ui/list-table';
import { SearchInput } from '../../../ui/SearchInput';
import { showToast } from '../../../ui/toasts';
import { useSelectCompanyMutation } from '../../auth';
import { useOverviewCompaniesQuery } from '../api';

const listOptions: ListUrlOptions<'name'> = { orders: ['name'], defaultOrder: 'name', defaultDir: 'ASC' };

/**
 * The network's figures per company (docs/WEB.md "All companies"): points by level (Danger among
 * them), open alerts, points transmitting today, devices out of service. In the network view a click filters the screens
 * to that company; on the provider company (network view off) it switches to it.
 */
export function CompaniesOverview() {
  const { t } = useTranslation();
  const format = useFormat();
  const network = useNetworkScope();
  const list = useListUrlState(listOptions);
  const query = useOverviewCompaniesQuery(
    {
      page: list.page,
      length: list.length,
      search: list.search || undefined,
      companyId: network.companyFilter ?? undefined,
    },
    { enabled: true },
  );
  const select = useSelectCompanyMutation();
  const levelLabel = (level: (typeof pointLevelFilters)[number]) =>
    level === 'NO_DATA' ? t('monitoring.noData') : t(`alerts.levels.${level}`);

  const columns: DataTableColumn<OverviewCompanyRow>[] = [
    {
      accessor: 'companyName',
      title: t('overview.company'),
      noWrap: true,
      render: (row) => <Text fw={500}>{row.companyName}</Text>,
    },
    {
      accessor: 'points',
      title: t('overview.pointsByLevel'),
      noWrap: true,
      render: (row) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" w={36}>
            {row.points.total}
          </Text>
          {pointLevelFilters
            .filter((level) => row.points.byLevel[level] > 0)
            .map((level) => (
              <Tooltip key={level} label={levelLabel(level)}>
                <Badge
                  style={{ flexShrink: 0 }}
                  color={level === 'NO_DATA' ? 'gray' : alertColours[level]}
                  autoContrast
                  radius="sm"
                  data-level={level}
                  aria-label={`${levelLabel(level)}: ${row.points.byLevel[level]}`}
                >
                  {row.points.byLevel[level]}
                </Badge>
              </Tooltip>
            ))}
        </Group>
      ),
    },
    { accessor: 'openAlerts', title: t('overview.openAlerts'), textAlign: 'right' },
    {
      accessor: 'transmittingToday',
      title: t('overview.transmittingShort'),
      textAlign: 'right',
      render: (row) =>
        row.transmittingToday.percent === null
          ? '—'
          : t('overview.transmittingCounts', {
              transmitting: row.transmittingToday.transmitting,
              total: row.transmittingToday.total,
              percent: format.number(row.transmittingToday.percent, { maximumFractionDigits: 1 }),
            }),
    },
    {
      accessor: 'devicesOutOfService',
      title: (
        <Stack gap={0}>
          <span>{t('overview.outOfServiceShort')}</span>
          <Text size="xs" c="dimmed">
            {t('overview.outOfServiceSplit')}
          </Text>
        </Stack>
      ),
      render: (row) =>
        t('overview.outOfServiceCounts', {
          under: row.devicesOutOfService.under24h,
          over: row.devicesOutOfService.over24h,
        }),
    },
  ];

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>{t(network.all ? 'overview.networkCompanies' : 'overview.companies')}</Text>
            <Text size="sm" c="dimmed">
              {t(network.all ? 'overview.networkCompaniesHint' : 'overview.companiesHint')}
            </Text>
          </div>
          <SearchInput value={list.search} onChange={list.setSearch} />
        </Group>
        <DataTable
          label={t(network.all ? 'overview.networkCompanies' : 'overview.companies')}
          columns={columns}
          idAccessor="companyId"
          {...listTableProps(list, query)}
          onRowClick={(row) =>
            network.all
              ? network.setCompanyFilter(row.companyId)
              : select.mutate(row.companyId, {
                  onError: (error) => showToast('error', error.message, t('shell.companyChangeFailed')),
                })
          }
        />
      </Stack>
    </Card>
  );
}
