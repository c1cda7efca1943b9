import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@aforo/contracts/users';
import { useTimeFormat } from '../../lib/time';
import type { DataTableColumn } from '../../ui/DataTable';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import type { RowAction } from '../../ui/RowActionsMenu';
import { RoleBadges } from './components/RoleBadges';
import { UserStateBadge } from './components/UserStateBadge';

/** The columns of the users list; sortable ones carry the API's order field. */
export function useUserColumns(actionsFor: (row: UserRow) => RowAction[]): DataTableColumn<UserRow>[] {
  const { t } = useTranslation();
  const time = useTimeFormat();
  return [
    {
      accessor: 'name',
      title: t('accounts.users.fullName'),
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.name} {row.surname}
          </Text>
          {row.phone && (
            <Text size="xs" c="dimmed">
              {row.phone}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'email', title: t('accounts.users.email'), sortable: true },
    {
      accessor: 'roles',
      title: t('accounts.users.roles'),
      render: (row) => <RoleBadges roles={row.roles} />,
    },
    {
      accessor: 'state',
      title: t('accounts.users.state'),
      sortable: true,
      render: (row) => <UserStateBadge state={row.state.name} deleted={!!row.deletedAt} />,
    },
    {
      accessor: 'createdAt',
      sortKey: 'created_at',
      title: t('accounts.users.createdAt'),
      sortable: true,
      render: (row) => time.dateTime(row.createdAt),
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (row) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: `${row.name} ${row.surname}` })}
          actions={actionsFor(row)}
        />
      ),
    },
  ];
}
