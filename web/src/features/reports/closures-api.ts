/**
 * Calls of the closed months (docs/REPORTS.md "Month close and revisions",
 * contracts/src/report-closures.ts): the list, one revision's change list, closing a month and
 * comparing a closed month now. Their keys sit under the reports' root: a close or a new revision
 * refreshes the monthly report, which shows the frozen version. Each revision's mails: their status.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { closeMonthSchema } from '@aforo/contracts/report-closures';
import {
  closureListSchema,
  closureSchema,
  reviseResultSchema,
  revisionSchema,
} from '@aforo/contracts/report-closures';
import { reportDeliveryListSchema } from '@aforo/contracts/report-delivery';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const closuresKey = [...queryKeys.reports.all, 'closures'] as const;

/** A revision's path under /api: `?format=json|pdf|xlsx` gives its figures or its stored files. */
export const revisionPath = (closureId: string, n: number) =>
  `/reports/closures/${encodeURIComponent(closureId)}/revisions/${n}`;

/** The closed months of one company (`companyId`), or of every company for provider staff (none). */
export function useClosuresQuery(params: { companyId?: string }, enabled: boolean) {
  return useQuery({
    queryKey: [...closuresKey, 'list', params] as const,
    queryFn: () =>
      apiRequest({
        path: `/reports/closures${queryString(params)}`,
        schema: closureListSchema,
        background: true,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One revision's frozen figures and the point-days it changed. */
export function useRevisionQuery(target: { closureId: string; n: number } | null) {
  return useQuery({
    queryKey: [...closuresKey, 'revision', target?.closureId, target?.n] as const,
    queryFn: () =>
      apiRequest({
        path: revisionPath(target!.closureId, target!.n),
        schema: revisionSchema,
        background: true,
      }),
    enabled: target !== null,
  });
}

function useReportsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.all });
}

/** Closes a month (ADMIN, CHIEF): 409 RP1001 when closed already, RP1002 before it has ended. */
export function useCloseMonthMutation() {
  const refresh = useReportsRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof closeMonthSchema>) =>
      apiRequest({ method: 'POST', path: '/reports/closures', body, schema: closureSchema }),
    onSuccess: refresh,
  });
}

/** Compares a closed month now, as the daily job does: the revision it froze, or null. */
export function useReviseMutation() {
  const refresh = useReportsRefresh();
  return useMutation({
    mutationFn: (closureId: string) =>
      apiRequest({
        method: 'POST',
        path: `/reports/closures/${encodeURIComponent(closureId)}/revise`,
        schema: reviseResultSchema,
      }),
    onSuccess: refresh,
  });
}

/** The mails each revision of a closed month queued, per recipient, with the mail worker's status. */
export function useDeliveriesQuery(closureId: string | null) {
  return useQuery({
    queryKey: [...closuresKey, 'deliveries', closureId] as const,
    queryFn: () =>
      apiRequest({
        path: `/reports/closures/${encodeURIComponent(closureId!)}/deliveries`,
        schema: reportDeliveryListSchema,
        background: true,
      }),
    enabled: closureId !== null,
  });
}
