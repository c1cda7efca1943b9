/** The chart series of a point's port (GET /api/points/:id/series). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pointSeriesSchema } from '@aforo/contracts/point-series';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export interface PointSeriesParams {
  port: string | null;
  /** Epoch milliseconds; sent as epoch seconds. */
  from: number;
  to: number;
  buckets?: number;
}

export function usePointSeriesQuery(pointId: string, params: PointSeriesParams | null) {
  return useQuery({
    queryKey: [...queryKeys.points.all, 'series', pointId, params],
    queryFn: () =>
      apiRequest({
        path: `/points/${encodeURIComponent(pointId)}/series${queryString({
          port: params?.port ?? undefined,
          from: Math.floor((params?.from ?? 0) / 1000),
          to: Math.ceil((params?.to ?? 0) / 1000),
          buckets: params?.buckets,
        })}`,
        schema: pointSeriesSchema,
        // zooming re-queries often: no full-screen loading overlay for the chart
        background: true,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
