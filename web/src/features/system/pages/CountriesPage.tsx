import { Badge, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOrderFields } from '@aforo/contracts/countries';
import type { Country } from '@aforo/contracts/countries';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
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
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Country | 'new' | null>(null);

  const handleDelete = (country: Country) =>
    confirm({
      title: t('system.countries.deleteTitle'),
      message: t('system.countries.deleteMessage', { name: country.name }),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await remove.mutateAsync(country.id);
        showToast('success', t('system.countries.deleted'));
      },
    });

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
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (country) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: country.name })}
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setEditing(country) },
            { key: 'delete', label: t('common.delete'), color: 'red', onClick: () => handleDelete(country) },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.countries')}
        actions={<Button onClick={() => setEditing('new')}>{t('system.countries.new')}</Button>}
      />
      <Group>
        <SearchInput value={list.search} onChange={list.setSearch} />
      </Group>
      <DataTable
        label={t('screens.countries')}
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
        <CountryFormModal
          key={editing === 'new' ? 'new' : editing.id}
          country={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
