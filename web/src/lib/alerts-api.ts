/**
 * The alert lists: the alerts screen and the point page's alerts and chart share them, so they live
 * outside the alerts feature (the alerts feature draws the point chart: it imports points, never the
 * other way round). The actions and the detail are the alerts feature's (features/alerts/api.ts).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { alertListSchema } from '@aforo/contracts/alerts';
import type { Alert } from '@aforo/contracts/alerts';
import { apiRequest, queryString } from './api';
import type { ListParams } from './query-keys';
import { queryKeys } from './query-keys';

/**
 * A page of alerts. In the background (no full-screen overlay): the live stream refetches it whenever
 * an alert changes, and the table shows its own loader.
 */
export function useAlertsQuery(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.alerts.list(params),
    queryFn: () =>
      apiRequest({ path: `/alerts${queryString(params)}`, schema: alertListSchema, background: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
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
