import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceState } from '@aforo/contracts/device-states';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { DeviceDialogs, useDeviceActions, useDeviceColumns, useDevicesQuery } from '../../devices';
import type { DeviceDialog } from '../../devices';
import { listTableProps } from '../../../ui/list-table';

const orders = ['serial', 'state', 'updated_at', 'last_seen_at'] as const;
type Order = (typeof orders)[number];
const listOptions: ListUrlOptions<Order, 'state'> = {
  orders,
  defaultOrder: 'updated_at',
  defaultDir: 'DESC',
  filters: ['state'],
};
const tabStates: Record<string, DeviceState> = {
  maintenance: 'Maintenance',
  'not-operational': 'Not Operational',
};

/** /app/maintenance (ADMIN, CHIEF, VIEWER): devices in Maintenance and Not Operational, with repair actions. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const tab = list.filters.state === 'not-operational' ? 'not-operational' : 'maintenance';
  const query = useDevicesQuery({ ...listQueryParams(list), state: tabStates[tab], allCompanies: true });
  const [dialog, setDialog] = useState<DeviceDialog>(null);
  const actionsOf = useDeviceActions({
    onInstall: (device) => setDialog({ kind: 'install', device }),
    onChangeState: (device) => setDialog({ kind: 'change-state', device }),
  });
  const columns = useDeviceColumns({
    showCompany: true,
    administration: false,
    actionsOf: (device) => [
      {
        key: 'history',
        label: t('devices.actions.history'),
        onClick: () => setDialog({ kind: 'history', device }),
      },
      ...actionsOf(device),
    ],
  });
  return (
    <Stack gap="md">
      <ScreenHeader title={t('devices.maintenance.title')} description={t('devices.maintenance.hint')} />
      <Tabs
        value={tab}
        onChange={(value) => list.setFilter('state', value === 'not-operational' ? value : null)}
      >
        <Tabs.List>
          <Tabs.Tab value="maintenance">{t('devices.maintenance.inMaintenance')}</Tabs.Tab>
          <Tabs.Tab value="not-operational">{t('devices.maintenance.notOperational')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <DataTable
        label={t('devices.maintenance.title')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(device) => setDialog({ kind: 'history', device })}
      />
      <DeviceDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
