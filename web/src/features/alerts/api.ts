/** Calls of the alerts (docs/ALERTS.md): the list, one alert, and the operator's actions on them. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { alertBulkResultSchema, alertListSchema, alertSchema } from '@aforo/contracts/alerts';
import type { Alert, AlertAcknowledge } from '@aforo/contracts/alerts';
import { apiRequest, queryString } from '../../lib/api';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';

const keys = queryKeys.alerts;

/**
 * A page of alerts. In the background (no full-screen overlay): the live stream refetches it whenever
 * an alert changes, and the table shows its own loader.
 */
export function useAlertsQuery(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.list(params),
    queryFn: () =>
      apiRequest({ path: `/alerts${queryString(params)}`, schema: alertListSchema, background: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** What the shelve calls send: until as ISO 8601 with offset. */
export interface ShelveBody {
  until: string;
  reason: string;
}

function useAlertMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      // one alert answers itself: show it at once, before the lists are back
      const parsed = alertSchema.safeParse(result);
      if (parsed.success) queryClient.setQueryData(keys.detail(parsed.data.id), parsed.data);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

const one = (id: string, action: string) => `/alerts/${encodeURIComponent(id)}/${action}`;

export function useAcknowledgeAlertMutation() {
  return useAlertMutation(({ id, comment }: { id: string } & AlertAcknowledge) =>
    apiRequest({ method: 'POST', path: one(id, 'acknowledge'), body: { comment }, schema: alertSchema }),
  );
}

export function useShelveAlertMutation() {
  return useAlertMutation(({ id, ...body }: { id: string } & ShelveBody) =>
    apiRequest({ method: 'POST', path: one(id, 'shelve'), body, schema: alertSchema }),
  );
}

export function useUnshelveAlertMutation() {
  return useAlertMutation((id: string) =>
    apiRequest({ method: 'POST', path: one(id, 'unshelve'), schema: alertSchema }),
  );
}

export function useBulkAcknowledgeMutation() {
  return useAlertMutation((body: { ids: string[] } & AlertAcknowledge) =>
    apiRequest({ method: 'POST', path: '/alerts/acknowledge', body, schema: alertBulkResultSchema }),
  );
}

export function useBulkShelveMutation() {
  return useAlertMutation((body: { ids: string[] } & ShelveBody) =>
    apiRequest({ method: 'POST', path: '/alerts/shelve', body, schema: alertBulkResultSchema }),
  );
}

const dayMs = 86_400_000;

/** A point's alerts: every active one, and those opened in the last 30 days (point page list and chart). */
export function usePointAlerts(pointId: string): {
  alerts: Alert[];
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
} {
  // fixed when the page opens: the query key stays the same across renders
  const [since] = useState(() => new Date(Date.now() - 30 * dayMs).toISOString());
  const base = { pointId, page: 1, length: 100, order: 'opened_at', dir: 'DESC' } as const;
  const active = useAlertsQuery({ ...base, state: 'active' });
  const recent = useAlertsQuery({ ...base, from: since });
  const byId = new Map<string, Alert>();
  for (const alert of [...(active.data?.rows ?? []), ...(recent.data?.rows ?? [])]) byId.set(alert.id, alert);
  return {
    alerts: [...byId.values()].sort((a, b) => Date.parse(b.openedAt) - Date.parse(a.openedAt)),
    isPending: active.isPending || recent.isPending,
    error: active.error ?? recent.error,
    refetch: () => {
      void active.refetch();
      void recent.refetch();
    },
  };
}
