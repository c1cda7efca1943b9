import type { Device } from '@aforo/contracts/devices';
import { DeviceKeyModal } from '../../../ui/DeviceKeyModal';
import { AssignDeviceModal } from './AssignDeviceModal';
import { ChangeStateModal } from './ChangeStateModal';
import { DeviceFormModal } from './DeviceFormModal';
import { DeviceHistoryModal } from './DeviceHistoryModal';
import { ImportDevicesModal } from './ImportDevicesModal';
import { InstallWizard } from './InstallWizard';

/** The dialog a devices screen has open, if any. */
export type DeviceDialog =
  | { kind: 'form'; device: Device | null }
  | { kind: 'assign'; device: Device }
  | { kind: 'install'; device: Device | null }
  | { kind: 'change-state'; device: Device }
  | { kind: 'key'; device: Device; key: string }
  | { kind: 'history'; device: Device }
  | { kind: 'import' }
  | null;

export function DeviceDialogs({ dialog, onClose }: { dialog: DeviceDialog; onClose: () => void }) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'form':
      return <DeviceFormModal key={dialog.device?.id ?? 'new'} device={dialog.device} onClose={onClose} />;
    case 'assign':
      return <AssignDeviceModal device={dialog.device} onClose={onClose} />;
    case 'install':
      return <InstallWizard device={dialog.device} onClose={onClose} />;
    case 'change-state':
      return <ChangeStateModal device={dialog.device} onClose={onClose} />;
    case 'key':
      return <DeviceKeyModal serial={dialog.device.serial} deviceKey={dialog.key} onClose={onClose} />;
    case 'history':
      return <DeviceHistoryModal device={dialog.device} onClose={onClose} />;
    case 'import':
      return <ImportDevicesModal onClose={onClose} />;
  }
}
