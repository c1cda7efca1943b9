import { Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComponentType } from '@aforo/contracts/component-types';
import { useRoleCheck } from '../../../lib/current-user';
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
import { componentTypesApi, useSetComponentTypeEnabledMutation } from '../components-api';
import { componentOperateRoles } from '../roles';
import { ComponentTypeFormModal } from './ComponentTypeFormModal';
import { listTableProps } from '../../../ui/list-table';

type Order = 'name' | 'created_at';
const listOptions: ListUrlOptions<Order> = {
  orders: ['name', 'created_at'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
};

/** Component types: magnitude, measure type, dynamic fields; enable or disable them. */
export function ComponentTypesSection() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = componentTypesApi.useListQuery(listQueryParams(list));
  const remove = componentTypesApi.useDeleteMutation();
  const setEnabled = useSetComponentTypeEnabledMutation();
  const confirm = useConfirm();
  const canEdit = useRoleCheck({ roles: componentOperateRoles }) === true;
  const [editing, setEditing] = useState<ComponentType | 'new' | null>(null);

  const handleToggle = (type: ComponentType) =>
    setEnabled.mutate(
      { id: type.id, enabled: !type.enabled },
      {
        onSuccess: () =>
          showToast(
            'success',
            t(type.enabled ? 'catalogue.componentTypes.disabled' : 'catalogue.componentTypes.enabled'),
          ),
        onError: (error) => showToast('error', error.message),
      },
    );

  const handleDelete = (type: ComponentType) =>
    confirm({
      title: t('catalogue.componentTypes.deleteTitle'),
      message: t('catalogue.componentTypes.deleteMessage', { name: type.name }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(type.id);
        showToast('success', t('catalogue.componentTypes.deleted'));
      },
    });

  const columns: DataTableColumn<ComponentType>[] = [
    { accessor: 'name', title: t('catalogue.componentTypes.name'), sortable: true },
    {
      accessor: 'magnitude',
      title: t('catalogue.componentTypes.magnitude'),
      render: (type) => t(`common.unitGroups.${type.magnitude}`),
    },
    {
      accessor: 'measureType',
      title: t('catalogue.componentTypes.measureType'),
      render: (type) => t(`catalogue.componentTypes.measureTypes.${type.measureType}`),
    },
    {
      accessor: 'company',
      title: t('catalogue.componentTypes.company'),
      render: (type) =>
        type.shared
          ? t('catalogue.componentTypes.companyShared', { name: type.company.name })
          : type.company.name,
    },
    {
      accessor: 'dynamicFields',
      title: t('catalogue.componentTypes.fields'),
      render: (type) => type.dynamicFields.map((field) => field.label).join(', '),
    },
    {
      accessor: 'components',
      title: t('catalogue.componentTypes.components'),
      textAlign: 'right',
      render: (type) => formatNumber(type.components),
    },
    {
      accessor: 'enabled',
      title: t('catalogue.componentTypes.status'),
      render: (type) => (
        <Badge variant="light" color={type.enabled ? 'teal' : 'gray'}>
          {t(type.enabled ? 'catalogue.componentTypes.isEnabled' : 'catalogue.componentTypes.isDisabled')}
        </Badge>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      accessor: 'actions',
      title: '',
      width: 56,
      render: (type) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: type.name })}
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setEditing(type) },
            {
              key: 'toggle',
              label: t(type.enabled ? 'catalogue.componentTypes.disable' : 'catalogue.componentTypes.enable'),
              onClick: () => handleToggle(type),
            },
            { key: 'delete', label: t('common.delete'), color: 'red', onClick: () => handleDelete(type) },
          ]}
        />
      ),
    });
  }

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('catalogue.componentTypes.title')}
        description={t('catalogue.componentTypes.intro')}
        actions={
          canEdit ? (
            <Button onClick={() => setEditing('new')}>{t('catalogue.componentTypes.new')}</Button>
          ) : undefined
        }
      />
      <Group>
        <SearchInput value={list.search} onChange={list.setSearch} />
      </Group>
      <DataTable
        label={t('catalogue.componentTypes.title')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={canEdit ? setEditing : undefined}
      />
      {editing && (
        <ComponentTypeFormModal
          key={editing === 'new' ? 'new' : editing.id}
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
