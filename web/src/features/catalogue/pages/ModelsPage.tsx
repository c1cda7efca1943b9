import { Badge, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Model } from '@aforo/contracts/models';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { modelsApi, useBrandOptionsQuery } from '../api';
import { ModelFormModal } from '../components/ModelFormModal';
import { catalogueEditRoles } from '../roles';

type Order = 'name' | 'created_at';
const listOptions: ListUrlOptions<Order, 'brandId'> = {
  orders: ['name', 'created_at'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
  filters: ['brandId'],
};

/** /app/administration/models (ADMIN): models of each brand with their measuring ports. */
export function ModelsPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = modelsApi.useListQuery({ ...listQueryParams(list), brandId: list.filters.brandId });
  const remove = modelsApi.useDeleteMutation();
  const brands = useBrandOptionsQuery();

  const columns: DataTableColumn<Model>[] = [
    { accessor: 'name', title: t('catalogue.models.name'), sortable: true },
    { accessor: 'brand.abbreviation', title: t('catalogue.models.brand') },
    {
      accessor: 'ports',
      title: t('catalogue.models.ports'),
      render: (model) => (
        <Group gap={4}>
          {model.ports.map((port) => (
            <Badge
              key={port.key}
              variant="light"
              radius="sm"
              tt="none"
              // the sentinels go in the tooltip: rarely needed, and they would crowd the list
              title={
                port.sentinels?.length
                  ? `${port.label} · ${t('catalogue.models.sentinels')}: ${port.sentinels.map((v) => formatNumber(v)).join('; ')}`
                  : port.label
              }
            >
              {`${port.key} · ${t(`catalogue.portTypes.${port.type}`)}`}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'devices',
      title: t('catalogue.devices'),
      textAlign: 'right',
      render: (model) => formatNumber(model.devices),
    },
  ];

  return (
    <ListScreen
      title={t('screens.models')}
      description={t('catalogue.models.intro')}
      list={list}
      query={query}
      columns={columns}
      editRoles={catalogueEditRoles}
      texts={{
        new: t('catalogue.models.new'),
        deleteTitle: t('catalogue.models.deleteTitle'),
        deleteMessage: (model) => t('catalogue.models.deleteMessage', { name: model.name }),
        deleted: t('catalogue.models.deleted'),
      }}
      nameOf={(model) => model.name}
      onDelete={(model) => remove.mutateAsync(model.id)}
      renderForm={(model, onClose) => <ModelFormModal model={model} onClose={onClose} />}
      filters={
        <Select
          aria-label={t('catalogue.models.brand')}
          placeholder={t('catalogue.models.allBrands')}
          data={(brands.data?.rows ?? []).map((brand) => ({ value: brand.id, label: brand.abbreviation }))}
          value={list.filters.brandId ?? null}
          onChange={(value) => list.setFilter('brandId', value)}
          searchable
          clearable
          w={200}
        />
      }
    />
  );
}
