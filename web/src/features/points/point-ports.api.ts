/**
 * The ports a point knows, with their type from the installed device's model, for the point form's
 * parameter fields. Read from the series endpoint (GET /api/points/:id/series), which every role that
 * edits points may call; client roles may not read the model catalogue itself.
 */
import { useQuery } from '@tanstack/react-query';
import { pointSeriesSchema } from '@aforo/contracts/point-series';
import { apiRequest, queryString } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The shortest window the series accepts: the ports come with it, the measures are not wanted. */
const window = { seconds: 60, buckets: 10 };

export function usePointPortsQuery(pointId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.points.all, 'ports', pointId],
    queryFn: async () => {
      const to = Math.ceil(Date.now() / 1000);
      const series = await apiRequest({
        path: `/points/${encodeURIComponent(pointId ?? '')}/series${queryString({
          from: to - window.seconds,
          to,
          buckets: window.buckets,
        })}`,
        schema: pointSeriesSchema,
        background: true,
      });
      return series.ports;
    },
    enabled: pointId !== null,
    staleTime: 60_000,
  });
}
