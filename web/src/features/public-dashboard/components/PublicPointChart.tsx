import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../points';
import { usePublicSeriesQuery } from '../api';

const height = 220;

/** The last 7 days of a public point. */
export function PublicPointChart({ slug, pointId }: { slug: string; pointId: string }) {
  const { t } = useTranslation();
  const query = usePublicSeriesQuery(slug, pointId);
  return (
    // data-state: browser tests wait for every chart's call to have answered
    <div data-testid="public-chart" data-state={query.status}>
      {query.isPending ? (
        <Skeleton height={height} />
      ) : query.isError ? (
        <Alert color="red" variant="light">
          {t('publicDashboard.chartError')}
        </Alert>
      ) : (
        <SeriesChart series={query.data} height={height} />
      )}
    </div>
  );
}
