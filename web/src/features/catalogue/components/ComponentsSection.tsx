import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { componentStates } from '@aforo/contracts/components';
import type { Component } from '@aforo/contracts/components';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { componentsApi, useComponentTypeOptionsQuery } from '../components-api';
import { useComponentActions } from '../use-component-actions';
import { ComponentFormModal } from './ComponentFormModal';
import { ComponentStateBadge } from './ComponentStateBadge';
import { InstallComponentModal } from './InstallComponentModal';
import { listTableProps } from '../../../ui/list-table';

type Order = 'serial' | 'created_at';
const listOptions: ListUrlOptions<Order, 'typeId' | 'state'> = {
  orders: ['serial', 'created_at'],
  defaultOrder: 'serial',
  defaultDir: 'ASC',
  filters: ['typeId', 'state'],
};

/** Components with their state, point and device; the actions follow the state and the role. */
export function ComponentsSection() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = componentsApi.useListQuery({
    ...listQueryParams(list),
    typeId: list.filters.typeId,
    state: list.filters.state,
  });
  const types = useComponentTypeOptionsQuery();
  const [editing, setEditing] = useState<Component | 'new' | null>(null);
  const [installing, setInstalling] = useState<Component | null>(null);
  const { canOperate, actionsOf } = useComponentActions({ onEdit: setEditing, onInstall: setInstalling });

  const columns: DataTableColumn<Component>[] = [
    { accessor: 'serial', title: t('catalogue.components.serial'), sortable: true },
    { accessor: 'type.name', title: t('catalogue.components.type') },
    {
      accessor: 'state',
      title: t('catalogue.components.state'),
      render: (component) => <ComponentStateBadge state={component.state} />,
    },
    {
      accessor: 'point',
      title: t('catalogue.components.point'),
      render: (component) => component.point?.name ?? '—',
    },
    {
      accessor: 'device',
      title: t('catalogue.components.device'),
      render: (component) => component.device?.serial ?? '—',
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (component) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: component.serial })}
          actions={actionsOf(component)}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('catalogue.components.title')}
        description={t('catalogue.components.intro')}
        actions={
          canOperate ? (
            <Button onClick={() => setEditing('new')}>{t('catalogue.components.new')}</Button>
          ) : undefined
        }
      />
      <Group align="flex-end">
        <SearchInput value={list.search} onChange={list.setSearch} />
        <Select
          aria-label={t('catalogue.components.type')}
          placeholder={t('catalogue.components.allTypes')}
          data={(types.data?.rows ?? []).map((type) => ({ value: type.id, label: type.name }))}
          value={list.filters.typeId ?? null}
          onChange={(value) => list.setFilter('typeId', value)}
          clearable
          w={220}
        />
        <Select
          aria-label={t('catalogue.components.state')}
          placeholder={t('catalogue.components.allStates')}
          data={componentStates.map((state) => ({
            value: state,
            label: t(`catalogue.components.states.${state}`),
          }))}
          value={list.filters.state ?? null}
          onChange={(value) => list.setFilter('state', value)}
          clearable
          w={180}
        />
      </Group>
      <DataTable label={t('catalogue.components.title')} columns={columns} {...listTableProps(list, query)} />
      {editing && (
        <ComponentFormModal
          key={editing === 'new' ? 'new' : editing.id}
          component={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {installing && (
        <InstallComponentModal
          key={installing.id}
          component={installing}
          onClose={() => setInstalling(null)}
        />
      )}
    </Stack>
  );
}
