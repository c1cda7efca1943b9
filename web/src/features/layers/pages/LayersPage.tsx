import { Badge, Button, ColorSwatch, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@aforo/contracts/layers';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
import { useDeleteLayerMutation, useLayersQuery } from '../api';
import { LayerFormModal } from '../components/LayerFormModal';

const orders = ['name', 'created_at'] as const;
type Order = (typeof orders)[number];
const listOptions: ListUrlOptions<Order> = { orders, defaultOrder: 'name', defaultDir: 'ASC' };

/** /app/layers/layer-point: the current company's layers and their points. */
export function LayersPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = useLayersQuery(listQueryParams(list));
  const remove = useDeleteLayerMutation();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Layer | 'new' | null>(null);

  const handleDelete = (layer: Layer) =>
    confirm({
      title: t('layers.deleteTitle'),
      message: t('layers.deleteMessage', { name: layer.name }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(layer.id);
        showToast('success', t('layers.deleted'));
      },
    });

  const columns: DataTableColumn<Layer>[] = [
    {
      accessor: 'name',
      title: t('layers.fields.name'),
      sortable: true,
      render: (layer) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={layer.colour} size={14} />
          {layer.name}
        </Group>
      ),
    },
    {
      accessor: 'viewable',
      title: t('layers.fields.viewable'),
      render: (layer) => (
        <Badge variant="light" color={layer.viewable ? 'teal' : 'gray'} radius="sm">
          {layer.viewable ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
    {
      accessor: 'pointIds',
      title: t('layers.fields.pointCount'),
      textAlign: 'right',
      render: (layer) => layer.pointIds.length,
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (layer) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: layer.name })}
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setEditing(layer) },
            { key: 'delete', label: t('common.delete'), color: 'red', onClick: () => handleDelete(layer) },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.layerPoint')}
        description={t('layers.hint')}
        actions={<Button onClick={() => setEditing('new')}>{t('layers.new')}</Button>}
      />
      <Group>
        <SearchInput value={list.search} onChange={list.setSearch} />
      </Group>
      <DataTable
        label={t('screens.layerPoint')}
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
        <LayerFormModal
          key={editing === 'new' ? 'new' : editing.id}
          layer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
