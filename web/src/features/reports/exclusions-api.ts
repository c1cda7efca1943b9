/**
 * Calls of the agreed exclusions and notes (docs/REPORTS.md "Agreed exclusions and notes",
 * contracts/src/report-exclusions.ts). Each is made in the point's company (`companyId` as the
 * current company header): in the network view a point may be another company's than the one
 * selected, as the day detail's calls do (web/src/features/reports/api.ts). A change refreshes the
 * reports and the daily summaries, whose days it excludes or counts again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { reportExclusionListSchema, reportExclusionSchema } from '@aforo/contracts/report-exclusions';
import type {
  ReportExclusionListQuery,
  newReportExclusionSchema,
  reviewReportExclusionSchema,
} from '@aforo/contracts/report-exclusions';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const exclusionsKey = [...queryKeys.reports.all, 'exclusions'] as const;

/** The company a call is made in; undefined: the session's current company. */
const inCompany = (companyId: string | undefined) =>
  companyId ? { headers: { 'X-Current-Company': companyId } } : {};

export function useExclusionsQuery(
  filter: Omit<ReportExclusionListQuery, 'companyId'>,
  { companyId, enabled = true }: { companyId?: string; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...exclusionsKey, 'list', { ...filter, companyId }] as const,
    queryFn: () =>
      apiRequest({
        path: `/reports/exclusions${queryString({ ...filter })}`,
        ...inCompany(companyId),
        schema: reportExclusionListSchema,
        background: true,
      }),
    enabled,
  });
}

function useChange<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [queryKeys.reports.all, queryKeys.dailySummaries.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface NewExclusionVariables {
  companyId: string;
  body: z.input<typeof newReportExclusionSchema>;
}

/** Excludes a point's days by agreement, or annotates them (ADMIN, CHIEF). */
export const useCreateExclusionMutation = () =>
  useChange(({ companyId, body }: NewExclusionVariables) =>
    apiRequest({
      method: 'POST',
      path: '/reports/exclusions',
      body,
      ...inCompany(companyId),
      schema: reportExclusionSchema,
    }),
  );

/** The client's admin accepts or disputes one. */
export const useReviewExclusionMutation = () =>
  useChange(({ id, body }: { id: string; body: z.input<typeof reviewReportExclusionSchema> }) =>
    apiRequest({
      method: 'POST',
      path: `/reports/exclusions/${encodeURIComponent(id)}/review`,
      body,
      schema: reportExclusionSchema,
    }),
  );

/** Provider staff withdraw one: its days count again. */
export const useWithdrawExclusionMutation = () =>
  useChange(({ id, companyId }: { id: string; companyId: string }) =>
    apiRequest({
      method: 'DELETE',
      path: `/reports/exclusions/${encodeURIComponent(id)}`,
      ...inCompany(companyId),
      schema: reportExclusionSchema,
    }),
  );
