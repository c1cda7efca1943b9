import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Device } from '@aforo/contracts/devices';
import { useTimeFormat } from '../../lib/time';
import type { DataTableColumn } from '../../ui/DataTable';
import type { RowAction } from '../../ui/RowActionsMenu';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import { DeviceStateBadge } from './components/DeviceStateBadge';
import { DeviceTransmissionBadge } from './components/DeviceTransmissionBadge';
import { deviceLocationKey } from './device-actions';

export interface DeviceColumnsOptions {
  showCompany: boolean;
  administration: boolean;
  actionsOf: (device: Device) => RowAction[];
}

export function useDeviceColumns({ showCompany, administration, actionsOf }: DeviceColumnsOptions) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const columns: DataTableColumn<Device>[] = [
    {
      accessor: 'serial',
      title: t('devices.fields.serial'),
      sortable: true,
      render: (device) => (
        <Text size="sm" fw={500} td={device.deletedAt ? 'line-through' : undefined}>
          {device.serial}
        </Text>
      ),
    },
    {
      accessor: 'model',
      title: t('devices.fields.model'),
      render: (device) => (device.model ? device.model.name : '—'),
    },
    {
      accessor: 'product',
      title: t('devices.fields.product'),
      hidden: !administration,
      render: (device) => device.product?.code ?? '—',
    },
    {
      accessor: 'company',
      title: t('devices.fields.company'),
      hidden: !showCompany,
      render: (device) => device.company?.name ?? t('devices.stock'),
    },
    {
      accessor: 'state',
      title: t('devices.fields.state'),
      sortable: true,
      noWrap: true,
      render: (device) => <DeviceStateBadge state={device.state} />,
    },
    {
      accessor: 'transmission',
      title: t('devices.fields.transmission'),
      noWrap: true,
      render: (device) => <DeviceTransmissionBadge transmission={device.transmission} />,
    },
    {
      accessor: 'measurementPoint',
      title: t('devices.fields.point'),
      render: (device) =>
        device.measurementPoint ? (
          administration ? (
            device.measurementPoint.name
          ) : (
            <Anchor
              component={Link}
              to={`/app/operation/points/${device.measurementPoint.id}`}
              size="sm"
              onClick={(event) => event.stopPropagation()}
            >
              {device.measurementPoint.name}
            </Anchor>
          )
        ) : (
          '—'
        ),
    },
    {
      accessor: 'location',
      title: t('devices.fields.location'),
      hidden: !administration,
      // "Empty" says nothing: an installed device is at its point, anything else has no place to name
      render: (device) =>
        device.location === 'Empty'
          ? (device.measurementPoint?.name ?? '—')
          : t(deviceLocationKey(device.location)),
    },
    {
      accessor: 'lastSeenAt',
      title: t('devices.fields.lastSeen'),
      sortable: true,
      sortKey: 'last_seen_at',
      render: (device) => (device.lastSeenAt ? time.dateTime(device.lastSeenAt) : t('devices.never')),
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (device) => (
        <RowActionsMenu label={t('common.actionsFor', { name: device.serial })} actions={actionsOf(device)} />
      ),
    },
  ];
  return columns;
}
