/** Calls of the devices register and life cycle (DESIGN.md §5), and the selectors of the device form. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponseSchema } from '@aforo/contracts/auth';
import { companyListSchema } from '@aforo/contracts/companies';
import type { DeviceSimpleAction } from '@aforo/contracts/device-states';
import {
  deviceImportResultSchema,
  deviceKeySchema,
  deviceListSchema,
  deviceSchema,
  deviceStateHistorySchema,
} from '@aforo/contracts/devices';
import type { DeviceImport, DeviceInput, deviceActionSchema } from '@aforo/contracts/devices';
import { firmwareListSchema } from '@aforo/contracts/firmwares';
import { modelListSchema } from '@aforo/contracts/models';
import { networkListSchema } from '@aforo/contracts/networks';
import { pointListSchema } from '@aforo/contracts/points';
import { productListSchema } from '@aforo/contracts/products';
import type { z } from 'zod';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';

export const deviceKeys = { all: ['devices'] as const };
/** Points show their device: a device change refreshes them too. */
const pointKeys = { all: ['points'] as const };

type ListParams = Record<string, QueryValue>;
const devicePath = (id: string, suffix = '') => `/devices/${encodeURIComponent(id)}${suffix}`;

export function useDevicesQuery(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'list', params],
    queryFn: () => apiRequest({ path: `/devices${queryString(params)}`, schema: deviceListSchema }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useDeviceQuery(id: string | null) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'detail', id],
    queryFn: () => apiRequest({ path: devicePath(id ?? ''), schema: deviceSchema }),
    enabled: id !== null,
  });
}

export function useDeviceHistoryQuery(id: string | null) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'history', id],
    queryFn: () =>
      apiRequest({ path: devicePath(id ?? '', '/state-history'), schema: deviceStateHistorySchema }),
    enabled: id !== null,
  });
}

function useDeviceMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: pointKeys.all }),
      ]);
    },
  });
}

export function useSaveDeviceMutation() {
  return useDeviceMutation(({ id, body }: { id: string | null; body: DeviceInput }) =>
    apiRequest({
      method: id ? 'PUT' : 'POST',
      path: id ? devicePath(id) : '/devices',
      body,
      schema: deviceSchema,
    }),
  );
}

export interface DeviceActionVariables {
  id: string;
  action: DeviceSimpleAction;
  body?: z.input<typeof deviceActionSchema>;
}

export function useDeviceActionMutation() {
  return useDeviceMutation(({ id, action, body }: DeviceActionVariables) =>
    apiRequest({
      method: 'POST',
      path: devicePath(id, `/${action}`),
      body: body ?? {},
      schema: deviceSchema,
    }),
  );
}

export function useInstallDeviceMutation() {
  return useDeviceMutation(({ id, pointId }: { id: string; pointId: string }) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/install'), body: { pointId }, schema: deviceSchema }),
  );
}

export function useUninstallDeviceMutation() {
  return useDeviceMutation((id: string) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/uninstall'), body: {}, schema: deviceSchema }),
  );
}

export function useRestoreDeviceMutation() {
  return useDeviceMutation((id: string) =>
    apiRequest({ method: 'POST', path: devicePath(id, '/restore'), schema: deviceSchema }),
  );
}

export function useDeleteDeviceMutation() {
  return useDeviceMutation(({ id, hard }: { id: string; hard: boolean }) =>
    apiRequest({ method: 'DELETE', path: devicePath(id, hard ? '/hard' : ''), schema: okResponseSchema }),
  );
}

export function useDeviceKeyMutation() {
  return useDeviceMutation((id: string) =>
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
      if (result.imported > 0) await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}

// ── Selectors of the device form ─────────────────────────────────────────────────────────────

export function useModelOptionsQuery() {
  return useQuery({
    queryKey: ['models', 'options'],
    queryFn: () => apiRequest({ path: '/models?length=-1&order=name&dir=ASC', schema: modelListSchema }),
  });
}

export function useProductOptionsQuery() {
  return useQuery({
    queryKey: ['products', 'options'],
    queryFn: () => apiRequest({ path: '/products?length=-1&order=code&dir=ASC', schema: productListSchema }),
  });
}

export function useFirmwareOptionsQuery(modelId: string | null) {
  return useQuery({
    queryKey: ['firmwares', 'options', modelId],
    queryFn: () =>
      apiRequest({
        path: `/firmwares${queryString({ length: -1, modelId })}`,
        schema: firmwareListSchema,
      }),
    enabled: modelId !== null,
  });
}

export function useNetworkOptionsQuery() {
  return useQuery({
    queryKey: ['networks', 'options'],
    queryFn: () => apiRequest({ path: '/networks?length=-1&order=name&dir=ASC', schema: networkListSchema }),
  });
}

export function useCompanySelectOptionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options', 'devices'],
    queryFn: () =>
      apiRequest({
        path: '/companies?length=-1&order=business_name&dir=ASC',
        schema: companyListSchema,
      }),
    enabled,
  });
}

/** The current company's points, for the install wizard's second step. */
export function useInstallPointOptionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...pointKeys.all, 'options', 'install'],
    queryFn: () => apiRequest({ path: '/points?length=-1&order=name&dir=ASC', schema: pointListSchema }),
    enabled,
  });
}
