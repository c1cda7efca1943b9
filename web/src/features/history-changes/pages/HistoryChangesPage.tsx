import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '@aforo/contracts/log-entries';
import { useRoleCheck } from '../../../lib/current-user';
import { useTimeFormat } from '../../../lib/time';
import { useListUrlState } from '../../../lib/url-state';
import { useUserOptions } from '../../../lib/users-api';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ExportButton } from '../../../ui/ExportButton';
import { useLogEntriesQuery } from '../api';
import { ChangesTable } from '../components/ChangesTable';
import { HistoryFilters } from '../components/HistoryFilters';
import { historyListOptions, historyQueryParams } from '../history-filters';
import { useValueLabels } from '../use-value-labels';

const actionColours: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  restore: 'grape',
};

/** An id without a name (an incident, an item gone or not the caller's): its start is enough to tell. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** /app/history-changes/history-changes: who changed what and when, with each field before and after. */
export function HistoryChangesPage() {
  const { t, i18n } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(historyListOptions);
  const params = historyQueryParams(list, time.timeZone);
  const query = useLogEntriesQuery(params);
  const { page: _page, length: _length, order: _order, ...exportParams } = params;
  const canListUsers = useRoleCheck({ group: 'accounts' }) === true;
  const isAdmin = useRoleCheck({ roles: ['ROLE_ADMIN'] }) === true;
  const userOptions = useUserOptions(canListUsers, isAdmin);
  const valueLabels = useValueLabels();

  const label = (group: string, key: string) =>
    i18n.exists(`history.${group}.${key}`) ? t(`history.${group}.${key}`) : key;

  const columns: DataTableColumn<LogEntry>[] = [
    {
      accessor: 'at',
      title: t('history.at'),
      sortable: true,
      width: 130,
      render: (entry) => time.dateTime(entry.at),
    },
    {
      accessor: 'user',
      title: t('history.user'),
      width: 200,
      render: (entry) =>
        entry.user ? (
          <Stack gap={0}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => list.setFilter('userId', entry.user?.id)}
            >
              {entry.user.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {entry.user.email}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('history.system')}
          </Text>
        ),
    },
    {
      accessor: 'entityType',
      title: t('history.entity'),
      width: 190,
      render: (entry) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {label('entityTypes', entry.entityType)}
          </Badge>
          <Anchor
            component="button"
            type="button"
            size="xs"
            ta="left"
            ff={entry.entityName === null ? 'monospace' : undefined}
            title={entry.entityId}
            aria-label={t('history.filterByEntity', { id: entry.entityName ?? entry.entityId })}
            onClick={() =>
              list.update({ filters: { entityType: entry.entityType, entityId: entry.entityId } })
            }
          >
            {entry.entityName ?? shortId(entry.entityId)}
          </Anchor>
        </Stack>
      ),
    },
    {
      accessor: 'action',
      title: t('history.action'),
      width: 150,
      render: (entry) => (
        // long action names ("Clave de aprovisionamiento generada") wrap rather than lose their end
        <Badge
          variant="light"
          color={actionColours[entry.action] ?? 'orange'}
          tt="none"
          h="auto"
          py={2}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {label('actions', entry.action)}
        </Badge>
      ),
    },
    {
      accessor: 'changes',
      title: t('history.changes'),
      render: (entry) => <ChangesTable entry={entry} labels={valueLabels} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <HistoryFilters list={list} userOptions={userOptions} />
        <ExportButton path="/log-entries/export" params={exportParams} />
      </Group>
      <DataTable
        label={t('screens.historyChanges')}
        columns={columns}
        records={query.data?.rows}
        total={query.data?.total}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        length={list.length}
        onPageChange={list.setPage}
        onLengthChange={list.setLength}
        sort={{ order: list.order, dir: list.dir }}
        onSortChange={({ dir }) => list.setSort('at', dir)}
      />
    </Stack>
  );
}
