import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../points';
import { usePublicSeriesQuery } from '../api';

const height = 220;

/** The last 7 days of a public point. */
export function PublicPointChart({ slug, pointId }: { slug: string; pointId: string }) {
  const { t } = useTranslation();
  const query = usePublicSeriesQuery(slug, pointId);
  if (query.isPending) return <Skeleton height={height} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {t('publicDashboard.chartError')}
      </Alert>
    );
  return <SeriesChart series={query.data} height={height} />;
}
