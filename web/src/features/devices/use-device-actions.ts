/** The actions menu of one device: only what its state allows (docs/DEVICES.md), each behind a confirmation. */
import { useTranslation } from 'react-i18next';
import type { DeviceSimpleAction } from '@aforo/contracts/device-states';
import type { Device } from '@aforo/contracts/devices';
import { hasRight } from '@aforo/contracts/roles';
import { profilesForCheck, useCurrentUserQuery } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import type { RowAction } from '../../ui/RowActionsMenu';
import { showToast } from '../../ui/toasts';
import { useConfirm } from '../../ui/useConfirm';
import {
  useDeleteDeviceMutation,
  useDeviceActionMutation,
  useDeviceKeyMutation,
  useRestoreDeviceMutation,
  useUninstallDeviceMutation,
} from './api';
import { deviceMenuActions } from './device-actions';
import type { DeviceMenuAction, DeviceRights } from './device-actions';

export interface DeviceActionHandlers {
  onEdit?: (device: Device) => void;
  /** Opens the company choice of "assign". */
  onAssign?: (device: Device) => void;
  /** Opens the install wizard with this device. */
  onInstall?: (device: Device) => void;
  /** Shows a new key once. */
  onKey?: (device: Device, key: string) => void;
  /** Opens the change-state dialog (ADMIN). */
  onChangeState?: (device: Device) => void;
}

/** i18n suffix of each action: devices.actions.<suffix>, devices.confirm.<suffix>Title/Message, devices.done.<suffix>. */
export const deviceActionKeys: Record<DeviceMenuAction, string> = {
  edit: 'edit',
  review: 'review',
  assign: 'assign',
  install: 'install',
  'request-maintenance': 'requestMaintenance',
  maintenance: 'maintenance',
  repaired: 'repaired',
  uninstall: 'uninstall',
  'turn-off': 'turnOff',
  decommission: 'decommission',
  'change-state': 'changeState',
  key: 'key',
  delete: 'delete',
  restore: 'restore',
  'hard-delete': 'hardDelete',
};

const dangerous = new Set<DeviceMenuAction>(['decommission', 'delete', 'hard-delete']);
const warning = new Set<DeviceMenuAction>([
  'request-maintenance',
  'maintenance',
  'uninstall',
  'turn-off',
  'key',
]);

/** The signed-in user's rights on devices in the current company. */
export function useDeviceRights(): DeviceRights {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  if (!user) return { canOperate: false, canDestroy: false, canChangeState: false };
  const profiles = profilesForCheck(user);
  return {
    canOperate: hasRight(profiles, currentCompanyId, 'devices.operate'),
    canDestroy: hasRight(profiles, currentCompanyId, 'devices.destroy'),
    canChangeState: hasRight(profiles, currentCompanyId, 'devices.changeState'),
  };
}

export function useDeviceActions(handlers: DeviceActionHandlers) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const rights = useDeviceRights();
  const act = useDeviceActionMutation();
  const uninstall = useUninstallDeviceMutation();
  const restore = useRestoreDeviceMutation();
  const remove = useDeleteDeviceMutation();
  const newKey = useDeviceKeyMutation();

  const run = async (device: Device, action: DeviceMenuAction): Promise<void> => {
    switch (action) {
      case 'uninstall':
        await uninstall.mutateAsync(device.id);
        break;
      case 'restore':
        await restore.mutateAsync(device.id);
        break;
      case 'delete':
      case 'hard-delete':
        await remove.mutateAsync({ id: device.id, hard: action === 'hard-delete' });
        break;
      case 'key': {
        const { key } = await newKey.mutateAsync(device.id);
        handlers.onKey?.(device, key);
        return;
      }
      default:
        await act.mutateAsync({ id: device.id, action: action as DeviceSimpleAction });
    }
    showToast('success', t(`devices.done.${deviceActionKeys[action]}`, { serial: device.serial }));
  };

  const confirmAction = (device: Device, action: DeviceMenuAction) => {
    const suffix = deviceActionKeys[action];
    const withPoint = action === 'maintenance' && device.measurementPoint !== null;
    confirm({
      title: t(`devices.confirm.${suffix}Title`),
      message: withPoint
        ? t('devices.confirm.maintenanceWithPointMessage', {
            serial: device.serial,
            point: device.measurementPoint?.name,
          })
        : t(`devices.confirm.${suffix}Message`, {
            serial: device.serial,
            point: device.measurementPoint?.name ?? '',
          }),
      confirmLabel: t(`devices.actions.${suffix}`),
      color: dangerous.has(action) ? 'red' : warning.has(action) ? 'orange' : undefined,
      onConfirm: async () => {
        try {
          await run(device, action);
        } catch (error) {
          // the refusal (409 with its EQ code) comes translated by the server
          showToast('error', error instanceof Error ? error.message : String(error));
        }
      },
    });
  };

  return (device: Device): RowAction[] =>
    deviceMenuActions(device, rights).map((action) => {
      const suffix = deviceActionKeys[action];
      const onClick =
        action === 'edit' && handlers.onEdit
          ? () => handlers.onEdit?.(device)
          : action === 'assign' && handlers.onAssign
            ? () => handlers.onAssign?.(device)
            : action === 'install' && handlers.onInstall
              ? () => handlers.onInstall?.(device)
              : action === 'change-state'
                ? () => handlers.onChangeState?.(device)
                : () => confirmAction(device, action);
      return {
        key: action,
        label: t(`devices.actions.${suffix}`),
        color: dangerous.has(action) ? 'red' : undefined,
        onClick,
        hidden:
          (action === 'edit' && !handlers.onEdit) ||
          (action === 'assign' && !handlers.onAssign) ||
          (action === 'install' && !handlers.onInstall) ||
          (action === 'change-state' && !handlers.onChangeState) ||
          (action === 'key' && !handlers.onKey),
      };
    });
}
