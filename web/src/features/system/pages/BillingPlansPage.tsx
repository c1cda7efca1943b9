import { useTranslation } from 'react-i18next';
import { billingPlanOrderFields } from '@aforo/contracts/billing-plans';
import type { BillingPlan } from '@aforo/contracts/billing-plans';
import { routeGroups } from '@aforo/contracts/roles';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
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
  ];

  return (
    <ListScreen
      title={t('screens.billingPlans')}
      description={t('system.billingPlans.description')}
      list={list}
      query={query}
      columns={columns}
      editRoles={routeGroups.system}
      texts={{
        new: t('system.billingPlans.new'),
        deleteTitle: t('system.billingPlans.deleteTitle'),
        deleteMessage: (plan) => t('system.billingPlans.deleteMessage', { name: plan.name }),
        deleted: t('system.billingPlans.deleted'),
      }}
      nameOf={(plan) => plan.name}
      onDelete={(plan) => remove.mutateAsync(plan.id)}
      renderForm={(plan, onClose) => <BillingPlanFormModal plan={plan} onClose={onClose} />}
    />
  );
}
