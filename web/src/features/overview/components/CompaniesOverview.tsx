import { Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OverviewCompanyRow } from '@aforo/contracts/overview';
import { pointLevelFilters } from '@aforo/contracts/point-state';
import { alertColours } from '@aforo/contracts/constants';
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

/** Provider staff on the provider company: every client company at a glance; a click switches to it. */
export function CompaniesOverview() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = useOverviewCompaniesQuery(
    { page: list.page, length: list.length, search: list.search || undefined },
    { enabled: true },
  );
  const select = useSelectCompanyMutation();
  const levelLabel = (level: (typeof pointLevelFilters)[number]) =>
    level === 'NO_DATA' ? t('monitoring.noData') : t(`alerts.levels.${level}`);

  const columns: DataTableColumn<OverviewCompanyRow>[] = [
    {
      accessor: 'companyName',
      title: t('overview.company'),
      render: (row) => <Text fw={500}>{row.companyName}</Text>,
    },
    {
      accessor: 'points',
      title: t('overview.pointsByLevel'),
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
    { accessor: 'openDanger', title: t('overview.openDanger'), textAlign: 'right' },
    { accessor: 'openNoTransmission', title: t('overview.openNoTransmission'), textAlign: 'right' },
    {
      accessor: 'devicesOutOfService',
      title: t('overview.outOfServiceShort'),
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
            <Text fw={600}>{t('overview.companies')}</Text>
            <Text size="sm" c="dimmed">
              {t('overview.companiesHint')}
            </Text>
          </div>
          <SearchInput value={list.search} onChange={list.setSearch} />
        </Group>
        <DataTable
          label={t('overview.companies')}
          columns={columns}
          idAccessor="companyId"
          {...listTableProps(list, query)}
          onRowClick={(row) =>
            select.mutate(row.companyId, {
              onError: (error) => showToast('error', error.message, t('shell.companyChangeFailed')),
            })
          }
        />
      </Stack>
    </Card>
  );
}
