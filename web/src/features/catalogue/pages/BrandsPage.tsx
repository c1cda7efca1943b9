import { useTranslation } from 'react-i18next';
import type { Brand } from '@aforo/contracts/brands';
import { formatNumber } from '../../../lib/format';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { brandsApi } from '../api';
import { BrandFormModal } from '../components/BrandFormModal';
import { catalogueEditRoles } from '../roles';

type Order = 'abbreviation' | 'created_at';
const listOptions: ListUrlOptions<Order> = {
  orders: ['abbreviation', 'created_at'],
  defaultOrder: 'abbreviation',
  defaultDir: 'ASC',
};

/** /app/administration/brands (ADMIN): device brands. */
export function BrandsPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = brandsApi.useListQuery(listQueryParams(list));
  const remove = brandsApi.useDeleteMutation();

  const columns: DataTableColumn<Brand>[] = [
    { accessor: 'abbreviation', title: t('catalogue.brands.abbreviation'), sortable: true },
    { accessor: 'description', title: t('catalogue.brands.description') },
    {
      accessor: 'models',
      title: t('catalogue.brands.models'),
      textAlign: 'right',
      render: (brand) => formatNumber(brand.models),
    },
  ];

  return (
    <ListScreen
      title={t('screens.brands')}
      description={t('catalogue.brands.intro')}
      list={list}
      query={query}
      columns={columns}
      editRoles={catalogueEditRoles}
      texts={{
        new: t('catalogue.brands.new'),
        deleteTitle: t('catalogue.brands.deleteTitle'),
        deleteMessage: (brand) => t('catalogue.brands.deleteMessage', { name: brand.abbreviation }),
        deleted: t('catalogue.brands.deleted'),
      }}
      nameOf={(brand) => brand.abbreviation}
      onDelete={(brand) => remove.mutateAsync(brand.id)}
      renderForm={(brand, onClose) => <BrandFormModal brand={brand} onClose={onClose} />}
    />
  );
}
