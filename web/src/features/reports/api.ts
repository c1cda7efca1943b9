/**
 * Calls of the report screens (docs/REPORTS.md, contracts/src/reports.ts): the monthly, quarterly and
 * level summaries of the current company or the provider's network, a point's daily summaries and
 * the measures of one of its days.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dailySummariesSchema } from '@aforo/contracts/daily-summaries';
import { pointSeriesSchema } from '@aforo/contracts/point-series';
import { levelReportSchema, monthlyReportSchema, quarterlyReportSchema } from '@aforo/contracts/reports';
import type { z } from 'zod';
import { apiRequest, queryString } from '../../lib/api';
import type { QueryValue } from '../../lib/api';
import type { NetworkParams } from '../../lib/network-scope';
import { queryKeys } from '../../lib/query-keys';

export type ReportKind = 'monthly' | 'quarterly' | 'level';

/** The report's path under /api; its downloads are the same path with `format`. */
export const reportPath = (kind: ReportKind) => `/reports/${kind}`;

export type ReportParams = Record<string, QueryValue> & NetworkParams;

function useReportQuery<T>(kind: ReportKind, schema: z.ZodType<T>, params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reports.list({ kind, ...params }),
    queryFn: () =>
      apiRequest({ path: `${reportPath(kind)}${queryString(params)}`, schema, background: true }),
    // another month keeps the table on screen, dimmed, until its figures arrive
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useMonthlyReportQuery = (params: ReportParams, enabled: boolean) =>
  useReportQuery('monthly', monthlyReportSchema, params, enabled);

export const useQuarterlyReportQuery = (params: ReportParams, enabled: boolean) =>
  useReportQuery('quarterly', quarterlyReportSchema, params, enabled);

export const useLevelReportQuery = (params: ReportParams, enabled: boolean) =>
  useReportQuery('level', levelReportSchema, params, enabled);

/**
 * One day of a point, each series a row. Asked in the point's company: in the network view the
 * point may be another company's than the selected one (as web/src/features/alerts/api.ts does).
 */
export function useDaySummariesQuery(target: { pointId: string; companyId: string; day: string } | null) {
  return useQuery({
    queryKey: queryKeys.dailySummaries.list({ pointId: target?.pointId, day: target?.day }),
    queryFn: () =>
      apiRequest({
        path: `/daily-summaries${queryString({
          pointId: target!.pointId,
          from: target!.day,
          to: target!.day,
        })}`,
        headers: { 'X-Current-Company': target!.companyId },
        schema: dailySummariesSchema,
        background: true,
      }),
    enabled: target !== null,
  });
}

export interface DaySeriesTarget {
  pointId: string;
  companyId: string;
  port: string;
  /** The day's first and last instants, epoch milliseconds. */
  from: number;
  to: number;
}

/** The measures of a point's port over one day, for its chart (GET /api/points/{id}/series). */
export function useDaySeriesQuery(target: DaySeriesTarget | null) {
  return useQuery({
    queryKey: [...queryKeys.points.all, 'series', target?.pointId, 'day', target] as const,
    queryFn: () =>
      apiRequest({
        path: `/points/${encodeURIComponent(target!.pointId)}/series${queryString({
          port: target!.port || undefined,
          from: Math.floor(target!.from / 1000),
          to: Math.ceil(target!.to / 1000),
        })}`,
        headers: { 'X-Current-Company': target!.companyId },
        schema: pointSeriesSchema,
        background: true,
      }),
    enabled: target !== null,
  });
}
