import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingPlanOrderFields } from '@aforo/contracts/billing-plans';
import type { BillingPlan } from '@aforo/contracts/billing-plans';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
import { useBillingPlansQuery, useDeleteBillingPlanMutation } from '../api';
import { BillingPlanFormModal } from '../components/BillingPlanFormModal';

type Order = (typeof billingPlanOrderFields)[number];
const listOptions: ListUrlOptions<Order> = {
  orders: billingPlanOrderFields,
  defaultOrder: 'name',
  defaultDir: 'ASC',
};

/** /app/system (ADMIN): billing plans with their limits. */
export function BillingPlansPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = useBillingPlansQuery(listQueryParams(list));
  const remove = useDeleteBillingPlanMutation();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<BillingPlan | 'new' | null>(null);

  const handleDelete = (plan: BillingPlan) =>
    confirm({
      title: t('system.billingPlans.deleteTitle'),
      message: t('system.billingPlans.deleteMessage', { name: plan.name }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(plan.id);
        showToast('success', t('system.billingPlans.deleted'));
      },
    });

  const number = (value: number) => formatNumber(value);
  const columns: DataTableColumn<BillingPlan>[] = [
    { accessor: 'name', title: t('system.billingPlans.name'), sortable: true },
    {
      accessor: 'monthlyApiCalls',
      sortKey: 'monthly_api_calls',
      title: t('system.billingPlans.monthlyApiCalls'),
      sortable: true,
      textAlign: 'right',
      render: (plan) => number(plan.monthlyApiCalls),
    },
    {
      accessor: 'maxPoints',
      sortKey: 'max_points',
      title: t('system.billingPlans.maxPoints'),
      sortable: true,
      textAlign: 'right',
      render: (plan) => number(plan.maxPoints),
    },
    {
      accessor: 'maxUsers',
      sortKey: 'max_users',
      title: t('system.billingPlans.maxUsers'),
      sortable: true,
      textAlign: 'right',
      render: (plan) => number(plan.maxUsers),
    },
    { accessor: 'companies', title: t('system.billingPlans.companies'), textAlign: 'right' },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (plan) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: plan.name })}
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setEditing(plan) },
            { key: 'delete', label: t('common.delete'), color: 'red', onClick: () => handleDelete(plan) },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.billingPlans')}
        description={t('system.billingPlans.description')}
        actions={<Button onClick={() => setEditing('new')}>{t('system.billingPlans.new')}</Button>}
      />
      <Group>
        <SearchInput value={list.search} onChange={list.setSearch} />
      </Group>
      <DataTable
        label={t('screens.billingPlans')}
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
        onSortChange={({ order, dir }) => list.setSort(order as Order, dir)}
        onRowClick={setEditing}
      />
      {editing && (
        <BillingPlanFormModal
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
