import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Network } from '@aforo/contracts/networks';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { networksApi } from '../api';
import { NetworkFormModal } from '../components/NetworkFormModal';
import { catalogueEditRoles } from '../roles';

type Order = 'name' | 'type' | 'created_at';
const listOptions: ListUrlOptions<Order> = {
  orders: ['name', 'type', 'created_at'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
};

/** /app/administration/networks (ADMIN): the communication networks devices use. */
export function NetworksPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = networksApi.useListQuery(listQueryParams(list));
  const remove = networksApi.useDeleteMutation();

  const columns: DataTableColumn<Network>[] = [
    { accessor: 'name', title: t('catalogue.networks.name'), sortable: true },
    {
      accessor: 'type',
      title: t('catalogue.networks.type'),
      sortable: true,
      render: (network) => (
        <Badge variant="light" color="gray" radius="sm">
          {network.type}
        </Badge>
      ),
    },
    {
      accessor: 'devices',
      title: t('catalogue.devices'),
      textAlign: 'right',
      render: (network) => formatNumber(network.devices),
    },
  ];

  return (
    <ListScreen
      title={t('screens.networks')}
      description={t('catalogue.networks.intro')}
      list={list}
      query={query}
      columns={columns}
      editRoles={catalogueEditRoles}
      texts={{
        new: t('catalogue.networks.new'),
        deleteTitle: t('catalogue.networks.deleteTitle'),
        deleteMessage: (network) => t('catalogue.networks.deleteMessage', { name: network.name }),
        deleted: t('catalogue.networks.deleted'),
      }}
      nameOf={(network) => network.name}
      onDelete={(network) => remove.mutateAsync(network.id)}
      renderForm={(network, onClose) => <NetworkFormModal network={network} onClose={onClose} />}
    />
  );
}
