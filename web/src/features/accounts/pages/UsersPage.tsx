import { Button, Group, SegmentedControl, Select, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userOrderFields } from '@aforo/contracts/users';
import { useCurrentUserQuery, useRoleCheck } from '../../../lib/current-user';
import { rolesOfScope, useRolesQuery } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useUsersQuery } from '../../../lib/users-api';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { UserFormModal } from '../components/UserFormModal';
import { useUserActions } from '../use-user-actions';
import { useUserColumns } from '../use-user-columns';
import { listTableProps } from '../../../ui/list-table';

type Order = (typeof userOrderFields)[number];
const listOptions: ListUrlOptions<Order, 'showDeleted' | 'fdxUsers' | 'role'> = {
  orders: userOrderFields,
  defaultOrder: 'created_at',
  defaultDir: 'DESC',
  filters: ['showDeleted', 'fdxUsers', 'role'],
};

/** /app/accounts (ADMIN, Client Admin): the current company's users; an ADMIN also lists provider staff. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListUrlState(listOptions);
  const isAdmin = useRoleCheck({ roles: ['ROLE_ADMIN'] }) === true;
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const { data: currentUser } = useCurrentUserQuery();
  const showDeleted = list.filters.showDeleted === 'true';
  const fdxUsers = isAdmin && list.filters.fdxUsers === 'true';
  const roles = useRolesQuery();
  // the roles the listed profiles may hold: global ones for provider staff, company ones otherwise
  const roleOptions = rolesOfScope(roles.data ?? [], fdxUsers ? 'global' : 'company').map((r) => ({
    value: r.id,
    label: r.label,
  }));
  // a role of the other kind (or unknown) left in the URL is ignored once the list says so
  const roleKnown = !roles.isSuccess || roleOptions.some((o) => o.value === list.filters.role);
  const role = roleKnown ? list.filters.role : undefined;
  const query = useUsersQuery({ ...listQueryParams(list), showDeleted, fdxUsers, role });
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  const openProfile = (userId: string) => void navigate(`/app/accounts/${encodeURIComponent(userId)}`);
  const actionsFor = useUserActions({
    selfId: currentUser?.id ?? null,
    onEdit: setEditing,
    onOpen: openProfile,
  });
  const columns = useUserColumns(actionsFor);
  const companyName = currentUser?.companies.find((c) => c.id === currentCompanyId)?.businessName;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.users')}
        description={
          fdxUsers
            ? t('accounts.users.staffDescription')
            : t('accounts.users.companyDescription', { company: companyName ?? '' })
        }
        actions={<Button onClick={() => setEditing('new')}>{t('accounts.users.new')}</Button>}
      />
      <Group gap="md" align="center">
        <SearchInput
          value={list.search}
          onChange={list.setSearch}
          placeholder={t('accounts.users.searchPlaceholder')}
        />
        {isAdmin && (
          <SegmentedControl
            aria-label={t('accounts.users.kind')}
            value={fdxUsers ? 'staff' : 'company'}
            onChange={(value) =>
              list.update({ filters: { fdxUsers: value === 'staff' ? 'true' : null, role: null } })
            }
            data={[
              { value: 'company', label: t('accounts.users.kindCompany') },
              { value: 'staff', label: t('accounts.users.kindStaff') },
            ]}
          />
        )}
        <Select
          aria-label={t('accounts.users.roleFilter')}
          placeholder={
            roles.isError ? t('accounts.roleList.loadFailed') : t('accounts.users.roleFilterPlaceholder')
          }
          data={roleOptions}
          value={role ?? null}
          onChange={(value) => list.setFilter('role', value)}
          disabled={!roles.isSuccess}
          clearable
          w={220}
        />
        <Switch
          label={t('common.showDeleted')}
          checked={showDeleted}
          onChange={(event) => list.setFilter('showDeleted', event.currentTarget.checked ? 'true' : null)}
        />
      </Group>
      <DataTable
        label={t('screens.users')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(row) => openProfile(row.id)}
        rowStyle={(row) => (row.deletedAt ? { opacity: 0.6 } : undefined)}
      />
      {editing && (
        <UserFormModal
          key={editing}
          userId={editing === 'new' ? null : editing}
          mode={{ isAdmin, currentCompanyId }}
          defaultKind={fdxUsers ? 'staff' : 'company'}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
