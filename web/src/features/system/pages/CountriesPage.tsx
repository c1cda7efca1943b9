import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryOrderFields } from '@aforo/contracts/countries';
import type { Country } from '@aforo/contracts/countries';
import { routeGroups } from '@aforo/contracts/roles';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { useCountriesQuery, useDeleteCountryMutation } from '../api';
import { CountryFormModal } from '../components/CountryFormModal';

type Order = (typeof countryOrderFields)[number];
const listOptions: ListUrlOptions<Order> = {
  orders: countryOrderFields,
  defaultOrder: 'name',
  defaultDir: 'ASC',
};

/** /app/system/countries (ADMIN): countries with their ISO code. */
export function CountriesPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const query = useCountriesQuery(listQueryParams(list));
  const remove = useDeleteCountryMutation();

  const columns: DataTableColumn<Country>[] = [
    { accessor: 'name', title: t('system.countries.name'), sortable: true },
    {
      accessor: 'code',
      title: t('system.countries.code'),
      sortable: true,
      render: (country) => (
        <Badge variant="light" color="gray" radius="sm">
          {country.code}
        </Badge>
      ),
    },
    { accessor: 'companies', title: t('system.countries.companies'), textAlign: 'right' },
  ];

  return (
    <ListScreen
      title={t('screens.countries')}
      list={list}
      query={query}
      columns={columns}
      editRoles={routeGroups.system}
      texts={{
        new: t('system.countries.new'),
        deleteTitle: t('system.countries.deleteTitle'),
        deleteMessage: (country) => t('system.countries.deleteMessage', { name: country.name }),
        deleted: t('system.countries.deleted'),
      }}
      nameOf={(country) => country.name}
      onDelete={(country) => remove.mutateAsync(country.id)}
      renderForm={(country, onClose) => <CountryFormModal country={country} onClose={onClose} />}
    />
  );
}
