import { Alert, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { useOverviewLive, useOverviewQuery } from '../api';
import { CompaniesOverview } from '../components/CompaniesOverview';
import { LatestAlertsCard } from '../components/LatestAlertsCard';
import { LevelCountCards } from '../components/LevelCountCards';
import { NetworkFigures } from '../components/NetworkFigures';

/** /app: the current company at a glance; for provider staff on the provider, every client company. */
export function OverviewPage() {
  const { t } = useTranslation();
  const query = useOverviewQuery();
  useOverviewLive();
  const overview = query.data;
  return (
    <Stack gap="md">
      <ScreenHeader title={t('nav.overview')} description={t('overview.description')} />
      {query.error && <Alert color="red">{query.error.message}</Alert>}
      {!overview && !query.error && <Loader size="sm" />}
      {overview && (
        <>
          {overview.providerView && <CompaniesOverview />}
          {/* the provider company itself has no network, unless it monitors points of its own */}
          {(!overview.providerView || overview.points.total > 0) && (
            <>
              <LevelCountCards counts={overview.points.byLevel} />
              <NetworkFigures overview={overview} />
              <LatestAlertsCard alerts={overview.latestAlerts} open={overview.openAlerts} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
