import { Badge, ColorSwatch, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@aforo/contracts/layers';
import { rights } from '@aforo/contracts/roles';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
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
  ];

  return (
    <ListScreen
      title={t('screens.layerPoint')}
      description={t('layers.hint')}
      list={list}
      query={query}
      columns={columns}
      editRoles={rights['points.edit']}
      texts={{
        new: t('layers.new'),
        deleteTitle: t('layers.deleteTitle'),
        deleteMessage: (layer) => t('layers.deleteMessage', { name: layer.name }),
        deleted: t('layers.deleted'),
      }}
      nameOf={(layer) => layer.name}
      onDelete={(layer) => remove.mutateAsync(layer.id)}
      renderForm={(layer, onClose) => <LayerFormModal layer={layer} onClose={onClose} />}
    />
  );
}
