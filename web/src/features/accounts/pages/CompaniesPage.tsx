import { Anchor, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyOrderFields } from '@aforo/contracts/companies';
import type { Company } from '@aforo/contracts/companies';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
import { useCompaniesQuery, useDeleteCompanyMutation, useRestoreCompanyMutation } from '../api';
import { CompanyFormModal } from '../components/CompanyFormModal';
import { listTableProps } from '../../../ui/list-table';

type Order = (typeof companyOrderFields)[number];
const listOptions: ListUrlOptions<Order, 'showDeleted'> = {
  orders: companyOrderFields,
  defaultOrder: 'business_name',
  defaultDir: 'ASC',
  filters: ['showDeleted'],
};

/** /app/accounts/companies (ADMIN): client companies and the provider. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const showDeleted = list.filters.showDeleted === 'true';
  const query = useCompaniesQuery({ ...listQueryParams(list), showDeleted });
  const remove = useDeleteCompanyMutation();
  const restore = useRestoreCompanyMutation();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Company | 'new' | null>(null);

  const handleDelete = (company: Company) =>
    confirm({
      title: t('accounts.companies.deleteTitle'),
      message: t('accounts.companies.deleteMessage', { name: company.businessName }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(company.id);
        showToast('success', t('accounts.companies.deleted'));
      },
    });

  const handleRestore = (company: Company) =>
    restore.mutate(company.id, {
      onSuccess: () => showToast('success', t('accounts.companies.restored')),
      onError: (error) => showToast('error', error.message),
    });

  const columns: DataTableColumn<Company>[] = [
    {
      accessor: 'businessName',
      sortKey: 'business_name',
      title: t('accounts.companies.businessName'),
      sortable: true,
      render: (company) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500}>
            {company.businessName}
          </Text>
          <Anchor
            href={`/public/dashboard/${encodeURIComponent(company.slug)}`}
            target="_blank"
            rel="noopener"
            size="xs"
            c="dimmed"
            title={t('accounts.companies.slug')}
          >
            /{company.slug}
          </Anchor>
          {company.isProvider && (
            <Badge size="xs" variant="light" color="grape">
              {t('accounts.companies.provider')}
            </Badge>
          )}
          {company.deletedAt && (
            <Badge size="xs" variant="outline" color="red">
              {t('accounts.users.states.deleted')}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'contactName',
      title: t('accounts.companies.contact'),
      render: (company) => (
        <Stack gap={0}>
          <Text size="sm">{company.contactName ?? '—'}</Text>
          {company.position && (
            <Text size="xs" c="dimmed">
              {company.position}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'email',
      title: t('accounts.companies.emailPhone'),
      sortable: true,
      render: (company) => (
        <Stack gap={0}>
          <Text size="sm">{company.email ?? '—'}</Text>
          {company.phone && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {company.phone}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'country', title: t('accounts.companies.country'), render: (c) => c.country?.name ?? '—' },
    {
      accessor: 'billingPlan',
      title: t('accounts.companies.billingPlan'),
      render: (c) => c.billingPlan?.name ?? '—',
    },
    { accessor: 'preferredTimezone', title: t('accounts.companies.timezone'), noWrap: true },
    { accessor: 'users', title: t('accounts.companies.users'), textAlign: 'right' },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (company) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: company.businessName })}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              onClick: () => setEditing(company),
              hidden: !!company.deletedAt,
            },
            {
              key: 'restore',
              label: t('common.restore'),
              onClick: () => handleRestore(company),
              hidden: !company.deletedAt,
            },
            {
              key: 'delete',
              label: t('common.delete'),
              color: 'red',
              onClick: () => handleDelete(company),
              hidden: !!company.deletedAt,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.companies')}
        actions={<Button onClick={() => setEditing('new')}>{t('accounts.companies.new')}</Button>}
      />
      <Group gap="md">
        <SearchInput value={list.search} onChange={list.setSearch} />
        <Switch
          label={t('common.showDeleted')}
          checked={showDeleted}
          onChange={(event) => list.setFilter('showDeleted', event.currentTarget.checked ? 'true' : null)}
        />
      </Group>
      <DataTable
        label={t('screens.companies')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(company) => !company.deletedAt && setEditing(company)}
        rowStyle={(company) => (company.deletedAt ? { opacity: 0.6 } : undefined)}
      />
      {editing && (
        <CompanyFormModal
          key={editing === 'new' ? 'new' : editing.id}
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
