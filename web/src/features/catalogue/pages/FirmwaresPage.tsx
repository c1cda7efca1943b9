import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Firmware } from '@aforo/contracts/firmwares';
import { formatNumber } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { firmwaresApi, modelLabel, useModelOptionsQuery } from '../api';
import { FirmwareFormModal } from '../components/FirmwareFormModal';
import { productEditRoles } from '../roles';

type Order = 'version' | 'created_at';
const listOptions: ListUrlOptions<Order, 'modelId'> = {
  orders: ['version', 'created_at'],
  defaultOrder: 'created_at',
  defaultDir: 'DESC',
  filters: ['modelId'],
};

/** /app/administration/firmwares (ADMIN, CHIEF): firmware versions of each model. */
export function FirmwaresPage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const list = useListUrlState(listOptions);
  const query = firmwaresApi.useListQuery({ ...listQueryParams(list), modelId: list.filters.modelId });
  const remove = firmwaresApi.useDeleteMutation();
  const models = useModelOptionsQuery();

  const columns: DataTableColumn<Firmware>[] = [
    { accessor: 'version', title: t('catalogue.firmwares.version'), sortable: true },
    { accessor: 'model.name', title: t('catalogue.firmwares.model') },
    {
      accessor: 'devices',
      title: t('catalogue.devices'),
      textAlign: 'right',
      render: (firmware) => formatNumber(firmware.devices),
    },
    {
      accessor: 'createdAt',
      sortKey: 'created_at',
      title: t('catalogue.createdAt'),
      sortable: true,
      render: (firmware) => time.dateTime(firmware.createdAt),
    },
  ];

  return (
    <ListScreen
      title={t('screens.firmwares')}
      description={t('catalogue.firmwares.intro')}
      list={list}
      query={query}
      columns={columns}
      editRoles={productEditRoles}
      texts={{
        new: t('catalogue.firmwares.new'),
        deleteTitle: t('catalogue.firmwares.deleteTitle'),
        deleteMessage: (firmware) =>
          t('catalogue.firmwares.deleteMessage', { name: `${firmware.model.name} ${firmware.version}` }),
        deleted: t('catalogue.firmwares.deleted'),
      }}
      nameOf={(firmware) => `${firmware.model.name} ${firmware.version}`}
      onDelete={(firmware) => remove.mutateAsync(firmware.id)}
      renderForm={(firmware, onClose) => <FirmwareFormModal firmware={firmware} onClose={onClose} />}
      filters={
        <Select
          aria-label={t('catalogue.firmwares.model')}
          placeholder={t('catalogue.firmwares.allModels')}
          data={(models.data?.rows ?? []).map((model) => ({ value: model.id, label: modelLabel(model) }))}
          value={list.filters.modelId ?? null}
          onChange={(value) => list.setFilter('modelId', value)}
          searchable
          clearable
          w={240}
        />
      }
    />
  );
}
