import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { useSession } from '../../../lib/session';
import { MapPanel } from '../../map';
import { CompanyCard } from '../components/CompanyCard';
import { FavouriteWidgets } from '../components/FavouriteWidgets';

/**
 * Home (/app/dashboard, every signed-in user): the current company's map, the river-level widgets of
 * the user's favourite points, and the companies the user may work with.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  if (!user) return null;

  const companies = [...user.companies].sort((a, b) =>
    a.id === currentCompanyId
      ? -1
      : b.id === currentCompanyId
        ? 1
        : a.businessName.localeCompare(b.businessName),
  );
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('dashboard.welcome', { name: user.name })}
        </Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      {currentCompanyId && (
        <>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('map.title')}
            </Title>
            <MapPanel height={520} />
          </Stack>
          <FavouriteWidgets />
        </>
      )}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('dashboard.companies')}
        </Title>
        {companies.length === 0 ? (
          <Alert variant="light" color="gray">
            {t('dashboard.noCompanies')}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {companies.map((company) => (
              <CompanyCard key={company.id} company={company} isCurrent={company.id === currentCompanyId} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
