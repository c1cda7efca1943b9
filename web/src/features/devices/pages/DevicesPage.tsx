import { Button, Group, Select, Stack, Switch, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceStates } from '@aforo/contracts/device-states';
import { deviceOrderFields, deviceTransmissions } from '@aforo/contracts/devices';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { useDevicesQuery } from '../api';
import { DeviceDialogs } from '../components/DeviceDialogs';
import type { DeviceDialog } from '../components/DeviceDialogs';
import { deviceStateKey } from '../device-actions';
import { deviceTransmissionKeys, parseDeviceTransmission } from '../device-transmission';
import { useDeviceActions, useDeviceRights } from '../use-device-actions';
import { useDeviceColumns } from '../use-device-columns';
import { listTableProps } from '../../../ui/list-table';

type Order = (typeof deviceOrderFields)[number];
type Filter = 'state' | 'transmission' | 'showDeleted' | 'tab';
const listOptions: ListUrlOptions<Order, Filter> = {
  orders: deviceOrderFields,
  defaultOrder: 'serial',
  defaultDir: 'ASC',
  filters: ['state', 'transmission', 'showDeleted', 'tab'],
};

export interface DevicesPageProps {
  /** administration: the register (provider staff see every company and the stock); operation: the current company's devices. */
  mode: 'administration' | 'operation';
}

/** /app/administration/devices and /app/operation/devices. */
export function DevicesPage({ mode }: DevicesPageProps) {
  const { t } = useTranslation();
  const administration = mode === 'administration';
  const list = useListUrlState(listOptions);
  const { data: user } = useCurrentUserQuery();
  const rights = useDeviceRights();
  const allCompanies = administration && user?.isGlobal === true;
  const pendingReview = administration && list.filters.tab === 'review';
  const state = pendingReview ? 'Unconfigured' : list.filters.state;
  // devices pending review are never installed: no transmission to filter by
  const transmission = pendingReview ? undefined : parseDeviceTransmission(list.filters.transmission);
  const query = useDevicesQuery(
    {
      ...listQueryParams(list),
      state,
      transmission,
      showDeleted: administration && list.filters.showDeleted === 'true',
      ...(allCompanies ? { allCompanies: true } : {}),
    },
    { enabled: user !== undefined },
  );
  const [dialog, setDialog] = useState<DeviceDialog>(null);
  const actionsOf = useDeviceActions({
    onEdit: (device) => setDialog({ kind: 'form', device }),
    onAssign: administration ? (device) => setDialog({ kind: 'assign', device }) : undefined,
    onInstall: (device) => setDialog({ kind: 'install', device }),
    onKey: (device, key) => setDialog({ kind: 'key', device, key }),
    onChangeState: (device) => setDialog({ kind: 'change-state', device }),
  });
  const columns = useDeviceColumns({
    showCompany: allCompanies,
    administration,
    actionsOf: (device) => [
      {
        key: 'history',
        label: t('devices.actions.history'),
        onClick: () => setDialog({ kind: 'history', device }),
      },
      ...actionsOf(device),
    ],
  });

  const title = administration ? t('devices.registerTitle') : t('screens.devices');
  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t(
          !administration
            ? 'devices.operationHint'
            : user?.isGlobal === true
              ? 'devices.registerHint'
              : 'devices.registerHintClient',
        )}
        actions={
          rights.canOperate &&
          (administration ? (
            <>
              <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
                {t('devices.import.open')}
              </Button>
              <Button onClick={() => setDialog({ kind: 'form', device: null })}>{t('devices.new')}</Button>
            </>
          ) : (
            <Button onClick={() => setDialog({ kind: 'install', device: null })}>
              {t('devices.wizard.open')}
            </Button>
          ))
        }
      />
      {administration && (
        <Tabs
          value={pendingReview ? 'review' : 'all'}
          onChange={(tab) => list.setFilter('tab', tab === 'review' ? 'review' : null)}
        >
          <Tabs.List>
            <Tabs.Tab value="all">{t('devices.tabs.all')}</Tabs.Tab>
            <Tabs.Tab value="review">{t('devices.tabs.review')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      <Group align="flex-end">
        <SearchInput
          value={list.search}
          onChange={list.setSearch}
          placeholder={t('devices.searchPlaceholder')}
        />
        {!pendingReview && (
          <Select
            aria-label={t('devices.fields.state')}
            placeholder={t('devices.allStates')}
            clearable
            w={200}
            value={list.filters.state ?? null}
            onChange={(value) => list.setFilter('state', value)}
            data={deviceStates.map((s) => ({ value: s, label: t(deviceStateKey(s)) }))}
          />
        )}
        {!pendingReview && (
          <Select
            aria-label={t('devices.fields.transmission')}
            placeholder={t('devices.allTransmissions')}
            clearable
            w={220}
            value={transmission ?? null}
            onChange={(value) => list.setFilter('transmission', value)}
            data={deviceTransmissions.map((s) => ({ value: s, label: t(deviceTransmissionKeys[s]) }))}
          />
        )}
        {administration && (
          <Switch
            label={t('common.showDeleted')}
            checked={list.filters.showDeleted === 'true'}
            onChange={(event) => list.setFilter('showDeleted', event.currentTarget.checked ? 'true' : null)}
          />
        )}
      </Group>
      <DataTable
        label={title}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(device) => setDialog({ kind: 'history', device })}
      />
      <DeviceDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
