/**
 * Calls of notifications (contracts/src/notifications.ts, notification-configs.ts): my in-app
 * notifications with the unread count, the company's notification configs, their delivery log, and
 * my quiet hours.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  notificationConfigListSchema,
  notificationConfigSchema,
} from '@aforo/contracts/notification-configs';
import type {
  NotificationConfig,
  NotificationConfigInputParsed,
} from '@aforo/contracts/notification-configs';
import {
  notificationDeliveryListSchema,
  notificationListSchema,
  notificationPreferencesSchema,
} from '@aforo/contracts/notifications';
import type { NotificationPreferences } from '@aforo/contracts/notifications';
import { apiRequest, queryString } from '../../lib/api';
import { createCrudHooks } from '../../lib/crud-hooks';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

/** The read calls' answer is not part of the contract: any success will do. */
const anyAnswer = z.unknown();

/** The bell's newest notifications. */
export const bellLength = 10;

/**
 * My newest notifications and the unread count, in the background (the header asks on every
 * screen and the stream refetches it on each new one: no full-screen overlay for that).
 */
export function useMyNotificationsQuery() {
  const signedIn = useSession((s) => s.token !== null);
  const companyId = useSession((s) => s.currentCompanyId);
  const params = { page: 1, length: bellLength };
  return useQuery({
    queryKey: queryKeys.notifications.list({ ...params, companyId }),
    queryFn: () =>
      apiRequest({
        path: `/notifications${queryString(params)}`,
        schema: notificationListSchema,
        background: true,
      }),
    enabled: signedIn && companyId !== null,
    retry: false,
  });
}

function useNotificationMutation<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkReadMutation() {
  return useNotificationMutation((id: string) =>
    apiRequest({
      method: 'POST',
      path: `/notifications/${encodeURIComponent(id)}/read`,
      schema: anyAnswer,
      background: true,
    }),
  );
}

export function useMarkAllReadMutation() {
  return useNotificationMutation(() =>
    apiRequest({ method: 'POST', path: '/notifications/read-all', schema: anyAnswer }),
  );
}

const configsApi = createCrudHooks<NotificationConfig, NotificationConfigInputParsed>({
  keys: queryKeys.notificationConfigs,
  path: '/notification-configs',
  schemas: { list: notificationConfigListSchema, item: notificationConfigSchema },
});

export const useNotificationConfigsQuery = configsApi.useListQuery;
export const useSaveNotificationConfigMutation = configsApi.useSaveMutation;
export const useDeleteNotificationConfigMutation = configsApi.useDeleteMutation;

export function useNotificationDeliveriesQuery(params: ListParams) {
  return useQuery({
    queryKey: queryKeys.notificationDeliveries.list(params),
    queryFn: () =>
      apiRequest({
        path: `/notification-deliveries${queryString(params)}`,
        schema: notificationDeliveryListSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationPreferencesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const companyId = useSession((s) => s.currentCompanyId);
  return useQuery({
    queryKey: queryKeys.notificationPreferences.detail(companyId),
    queryFn: () => apiRequest({ path: '/notifications/preferences', schema: notificationPreferencesSchema }),
    enabled: enabled && companyId !== null,
    retry: false,
  });
}

export function useSaveNotificationPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      apiRequest({
        method: 'PUT',
        path: '/notifications/preferences',
        body,
        schema: notificationPreferencesSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences.all }),
  });
}
