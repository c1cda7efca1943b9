/** Calls of the alerts (docs/ALERTS.md): one alert's detail, the series around it, and the operator's actions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertBulkResultSchema, alertDetailSchema, alertSchema } from '@aforo/contracts/alerts';
import type { Alert, AlertAcknowledge } from '@aforo/contracts/alerts';
import { pointSeriesSchema } from '@aforo/contracts/point-series';
import { apiRequest, queryString } from '../../lib/api';
import { useNetworkScope } from '../../lib/network-scope';
import { queryKeys } from '../../lib/query-keys';

export { useAlertsQuery } from '../../lib/alerts-api';

const keys = queryKeys.alerts;

/**
 * Provider staff reach any company's alert (`scope=all`): the network list's rows and links from
 * notifications of another company than the selected one. Client users never send it.
 */
function useScope() {
  const { available } = useNetworkScope();
  return available ? ({ scope: 'all' } as const) : {};
}

/**
 * One alert with its timeline and notifications. Its own key under the alerts' root: the stream
 * writes bare alerts into `detail(id)`, and invalidating the root refetches this too.
 */
export function useAlertDetailQuery(id: string) {
  const scope = useScope();
  return useQuery({
    queryKey: [...keys.all, 'full', id, scope] as const,
    queryFn: () =>
      apiRequest({
        path: `/alerts/${encodeURIComponent(id)}${queryString(scope)}`,
        schema: alertDetailSchema,
        background: true,
      }),
  });
}

const hourMs = 3_600_000;

/**
 * The chart's range around an alert: as long again as the alert lasted (at least 1 h, at most a day)
 * before it opened — the build-up — and after it cleared — the recovery —, never past now.
 */
export function alertSeriesRange(alert: Pick<Alert, 'openedAt' | 'clearedAt'>, now: number) {
  const opened = Date.parse(alert.openedAt);
  const end = alert.clearedAt ? Date.parse(alert.clearedAt) : now;
  const margin = Math.min(24 * hourMs, Math.max(hourMs, end - opened));
  return { from: opened - margin, to: Math.max(Math.min(end + margin, now), opened + hourMs) };
}

/**
 * The series of the alert's port around it. Asked in the alert's company (a provider's network view
 * may show an alert of another company than the selected one).
 */
export function useAlertSeriesQuery(alert: Alert | undefined, range: { from: number; to: number } | null) {
  return useQuery({
    queryKey: [...queryKeys.points.all, 'series', alert?.pointId, 'alert', alert?.id, range] as const,
    queryFn: () =>
      apiRequest({
        path: `/points/${encodeURIComponent(alert!.pointId)}/series${queryString({
          port: alert!.port ?? undefined,
          from: Math.floor(range!.from / 1000),
          to: Math.ceil(range!.to / 1000),
        })}`,
        headers: { 'X-Current-Company': alert!.companyId },
        schema: pointSeriesSchema,
        background: true,
      }),
    enabled: alert !== undefined && range !== null,
  });
}

/** What the shelve calls send: until as ISO 8601 with offset. */
export interface ShelveBody {
  until: string;
  reason: string;
}

function useAlertMutation<V, R>(call: (variables: V, scope: { scope?: 'all' }) => Promise<R>) {
  const queryClient = useQueryClient();
  const scope = useScope();
  return useMutation({
    mutationFn: (variables: V) => call(variables, scope),
    onSuccess: (result) => {
      // one alert answers itself: show it at once, before the lists are back
      const parsed = alertSchema.safeParse(result);
      if (parsed.success) queryClient.setQueryData(keys.detail(parsed.data.id), parsed.data);
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}

const one = (id: string, action: string, scope: { scope?: 'all' }) =>
  `/alerts/${encodeURIComponent(id)}/${action}${queryString(scope)}`;

export function useAcknowledgeAlertMutation() {
  return useAlertMutation(({ id, comment }: { id: string } & AlertAcknowledge, scope) =>
    apiRequest({
      method: 'POST',
      path: one(id, 'acknowledge', scope),
      body: { comment },
      schema: alertSchema,
    }),
  );
}

export function useShelveAlertMutation() {
  return useAlertMutation(({ id, ...body }: { id: string } & ShelveBody, scope) =>
    apiRequest({ method: 'POST', path: one(id, 'shelve', scope), body, schema: alertSchema }),
  );
}

export function useUnshelveAlertMutation() {
  return useAlertMutation((id: string, scope) =>
    apiRequest({ method: 'POST', path: one(id, 'unshelve', scope), schema: alertSchema }),
  );
}

export function useBulkAcknowledgeMutation() {
  return useAlertMutation((body: { ids: string[] } & AlertAcknowledge, scope) =>
    apiRequest({
      method: 'POST',
      path: `/alerts/acknowledge${queryString(scope)}`,
      body,
      schema: alertBulkResultSchema,
    }),
  );
}

export function useBulkShelveMutation() {
  return useAlertMutation((body: { ids: string[] } & ShelveBody, scope) =>
    apiRequest({
      method: 'POST',
      path: `/alerts/shelve${queryString(scope)}`,
      body,
      schema: alertBulkResultSchema,
    }),
  );
}
