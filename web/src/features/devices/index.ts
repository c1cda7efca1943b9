export { DeviceStateBadge } from './components/DeviceStateBadge';
export { DeviceDialogs } from './components/DeviceDialogs';
export type { DeviceDialog } from './components/DeviceDialogs';
export { StateHistoryTable } from './components/StateHistoryTable';
export { useDeviceQuery, useDevicesQuery } from './api';
export { useDeviceActions } from './use-device-actions';
export { useDeviceColumns } from './use-device-columns';
export { useSecondsLabel } from './use-seconds-label';
export { InstallWizard } from './components/InstallWizard';
