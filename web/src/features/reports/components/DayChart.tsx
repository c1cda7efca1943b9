import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PointSeries } from '@aforo/contracts/point-series';
import { SeriesChart } from '../../points';

/** The day's measures of the chosen series, drawn as the point page draws them (features/points). */
export function DayChart({ query }: { query: UseQueryResult<PointSeries, Error> }) {
  if (query.error)
    return (
      <Alert color="red" variant="light">
        {query.error.message}
      </Alert>
    );
  if (!query.data) return <Skeleton height={220} />;
  return <SeriesChart series={query.data} height={220} />;
}
