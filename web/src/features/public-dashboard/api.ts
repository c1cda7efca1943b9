/** The public dashboard's calls (GET /public/dashboard/{slug}[/points/{id}/series]): no token sent. */
import { useQuery } from '@tanstack/react-query';
import { publicDashboardSchema, publicSeriesSchema } from '@aforo/contracts/public-dashboard';
import { apiRequest } from '../../lib/api';
import { useSession } from '../../lib/session';

// the server caches for 60 s: asking more often would only read the same answer
const staleTime = 60_000;

export const publicDashboardKeys = {
  all: ['public-dashboard'] as const,
  dashboard: (slug: string, language: string) => ['public-dashboard', slug, language] as const,
  series: (slug: string, pointId: string) => ['public-dashboard', slug, 'series', pointId] as const,
};

export function usePublicDashboardQuery(slug: string) {
  // the datum is explained in the interface language
  const language = useSession((s) => s.language);
  return useQuery({
    queryKey: publicDashboardKeys.dashboard(slug, language),
    queryFn: () =>
      apiRequest({
        base: '/public',
        path: `/dashboard/${encodeURIComponent(slug)}`,
        schema: publicDashboardSchema,
        token: null,
        background: true,
      }),
    staleTime,
    refetchInterval: staleTime,
    retry: false,
  });
}

export function usePublicSeriesQuery(slug: string, pointId: string) {
  return useQuery({
    queryKey: publicDashboardKeys.series(slug, pointId),
    queryFn: () =>
      apiRequest({
        base: '/public',
        path: `/dashboard/${encodeURIComponent(slug)}/points/${encodeURIComponent(pointId)}/series?range=7d`,
        schema: publicSeriesSchema,
        token: null,
        background: true,
      }),
    staleTime,
    retry: false,
  });
}
