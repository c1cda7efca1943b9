/** Calls of the devices register and life cycle (docs/DEVICES.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import type { DeviceSimpleAction } from '@aforo/contracts/device-states';
import {
  deviceImportResultSchema,
  deviceKeySchema,
  deviceListSchema,
  deviceSchema,
  deviceStateHistorySchema,
} from '@aforo/contracts/devices';
import type {
  Device,
  DeviceChangeState,
  DeviceImport,
  DeviceInput,
  InstallConfigurationInput,
  deviceActionSchema,
} from '@aforo/contracts/devices';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api';
import { createCrudHooks } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

/** Points show their device: a device change refreshes them too. */
const devicesApi = createCrudHooks<Device, DeviceInput>({
  keys: queryKeys.devices,
  path: '/devices',
  schemas: { list: deviceListSchema, item: deviceSchema },
  refreshes: [queryKeys.points.all],
});
const devicePath = devicesApi.itemPath;

export const useDevicesQuery = devicesApi.useListQuery;
export const useDeviceQuery = devicesApi.useItemQuery;
export const useSaveDeviceMutation = devicesApi.useSaveMutation;
export const useRestoreDeviceMutation = devicesApi.useRestoreMutation;

export function useDeviceHistoryQuery(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.devices.all, 'history', id],
    queryFn: () =>
      apiRequest({ path: devicePath(id ?? '', '/state-history'), schema: deviceStateHistorySchema }),
    enabled: id !== null,
  });
}

export interface DeviceActionVariables {
  id: string;
  action: DeviceSimpleAction;
  body?: z.input<typeof deviceActionSchema>;
}

export function useDeviceActionMutation() {
  return devicesApi.useChangeMutation(({ id, action, body }: DeviceActionVariables) =>
    apiRequest({
      method: 'POST',
      path: devicePath(id, `/${action}`),
      body: body ?? {},
      schema: deviceSchema,
    }),
  );
}

export interface InstallVariables {
  id: string;
  pointId: string;
  /** The wizard's configuration step; absent, the point's stays as it is. */
  configuration?: InstallConfigurationInput;
}

export function useInstallDeviceMutation() {
  return devicesApi.useChangeMutation(({ id, pointId, configuration }: InstallVariables) =>
    apiRequest({
      method: 'POST',
      path: devicePath(id, '/install'),
      body: { pointId, ...(configuration ? { configuration } : {}) },
      schema: deviceSchema,
    }),
  );
}

/** ADMIN's correction of the state, with its reason (kept in the state history). */
export function useChangeDeviceStateMutation() {
  return devicesApi.useChangeMutation(({ id, body }: { id: string; body: DeviceChangeState }) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/change-state'), body, schema: deviceSchema }),
  );
}

export function useUninstallDeviceMutation() {
  return devicesApi.useChangeMutation((id: string) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/uninstall'), body: {}, schema: deviceSchema }),
  );
}

export function useDeleteDeviceMutation() {
  return devicesApi.useChangeMutation(({ id, hard }: { id: string; hard: boolean }) =>
    apiRequest({ method: 'DELETE', path: devicePath(id, hard ? '/hard' : ''), schema: okResponseSchema }),
  );
}

export function useDeviceKeyMutation() {
  return devicesApi.useChangeMutation((id: string) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/key'), schema: deviceKeySchema }),
  );
}

/** Bulk import from CSV: a dry run only checks; a real run imports every row or none (then refreshes the lists). */
export function useImportDevicesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceImport) =>
      apiRequest({ method: 'POST', path: '/devices/import', body, schema: deviceImportResultSchema }),
    onSuccess: async (result) => {
      if (result.imported > 0) await queryClient.invalidateQueries({ queryKey: queryKeys.devices.all });
    },
  });
}
