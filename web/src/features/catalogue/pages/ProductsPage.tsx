import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@aforo/contracts/products';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { DeviceKeyModal } from '../../../ui/DeviceKeyModal';
import { ListScreen } from '../../../ui/ListScreen';
import { productsApi } from '../api';
import { ProductFormModal } from '../components/ProductFormModal';
import { productEditRoles } from '../roles';
import { useProvisioningKeyActions } from '../use-provisioning-key';

type Order = 'code' | 'name' | 'created_at';
const listOptions: ListUrlOptions<Order> = {
  orders: ['code', 'name', 'created_at'],
  defaultOrder: 'code',
  defaultDir: 'ASC',
};

/** /app/administration/products (ADMIN, CHIEF): products, the code devices send and their models. */
export function ProductsPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = productsApi.useListQuery(listQueryParams(list));
  const remove = productsApi.useDeleteMutation();
  // the new provisioning key, shown once
  const [shownKey, setShownKey] = useState<{ product: Product; key: string } | null>(null);
  const provisioningActions = useProvisioningKeyActions((product, key) => setShownKey({ product, key }));

  const columns: DataTableColumn<Product>[] = [
    {
      accessor: 'code',
      title: t('catalogue.products.code'),
      sortable: true,
      render: (product) => (
        <Badge variant="light" color="gray" radius="sm">
          {product.code}
        </Badge>
      ),
    },
    { accessor: 'name', title: t('catalogue.products.name'), sortable: true },
    {
      accessor: 'models',
      title: t('catalogue.products.models'),
      render: (product) => (
        <Group gap={4}>
          {product.models.map((model) => (
            <Badge key={model.id} variant="outline" radius="sm" tt="none">
              {model.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'devices',
      title: t('catalogue.devices'),
      textAlign: 'right',
      render: (product) => formatNumber(product.devices),
    },
    {
      accessor: 'hasProvisioningKey',
      title: t('catalogue.products.provisioning.column'),
      render: (product) =>
        product.hasProvisioningKey ? (
          <Badge variant="light" color="teal" radius="sm">
            {t('catalogue.products.provisioning.on')}
          </Badge>
        ) : (
          <Badge variant="light" color="gray" radius="sm">
            {t('catalogue.products.provisioning.off')}
          </Badge>
        ),
    },
  ];

  return (
    <>
      <ListScreen
        title={t('screens.products')}
        description={t('catalogue.products.intro')}
        list={list}
        query={query}
        columns={columns}
        editRoles={productEditRoles}
        texts={{
          new: t('catalogue.products.new'),
          deleteTitle: t('catalogue.products.deleteTitle'),
          deleteMessage: (product) => t('catalogue.products.deleteMessage', { name: product.name }),
          deleted: t('catalogue.products.deleted'),
        }}
        nameOf={(product) => product.name}
        onDelete={(product) => remove.mutateAsync(product.id)}
        renderForm={(product, onClose) => <ProductFormModal product={product} onClose={onClose} />}
        rowActions={provisioningActions}
      />
      {shownKey && (
        <DeviceKeyModal
          title={t('catalogue.products.provisioning.keyTitle', { name: shownKey.product.name })}
          hint={t('catalogue.products.provisioning.keyHint', { code: shownKey.product.code })}
          deviceKey={shownKey.key}
          onClose={() => setShownKey(null)}
        />
      )}
    </>
  );
}
