import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NetworkCompanyFilter } from '../../../lib/network-company-filter';
import { useNetworkScope } from '../../../lib/network-scope';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { MapPanel } from '../../map';
import { useOverviewLive, useOverviewQuery } from '../api';
import { CompaniesOverview } from '../components/CompaniesOverview';
import { LatestAlertsCard } from '../components/LatestAlertsCard';
import { LevelCountCards } from '../components/LevelCountCards';
import { NetworkFigures } from '../components/NetworkFigures';

/**
 * /app: the current company at a glance. Provider staff in the network view (docs/WEB.md "All
 * companies") see the network's totals, the figures per company, the network's map and its latest
 * alerts; on the provider company without it, every client company to switch to.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const network = useNetworkScope();
  const query = useOverviewQuery();
  useOverviewLive();
  const overview = query.data;
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('nav.overview')}
        description={t(network.all ? 'overview.networkDescription' : 'overview.description')}
      />
      {network.all && (
        <Group>
          <NetworkCompanyFilter />
        </Group>
      )}
      {query.error && <Alert color="red">{query.error.message}</Alert>}
      {!overview && !query.error && <Loader size="sm" />}
      {overview && network.all && (
        <>
          <LevelCountCards counts={overview.points.byLevel} />
          <NetworkFigures overview={overview} />
          <CompaniesOverview />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('map.title')}
            </Title>
            <MapPanel height={460} network />
          </Stack>
          <LatestAlertsCard alerts={overview.latestAlerts} open={overview.openAlerts} showCompany />
        </>
      )}
      {overview && !network.all && (
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
