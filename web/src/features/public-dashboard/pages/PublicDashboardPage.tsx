import { Alert, Loader, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicDashboardQuery } from '../api';
import { DatumExplained } from '../components/DatumExplained';
import { PublicMap } from '../components/PublicMap';
import { PublicPointCard } from '../components/PublicPointCard';

/** /public/dashboard/:slug: a company's public points for anyone (docs/PUBLIC-DASHBOARD.md), no sign-in. */
export function PublicDashboardPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const query = usePublicDashboardQuery(slug);
  const name = query.data?.company.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('screens.publicDashboard')}`;
  }, [name, t]);

  if (query.isPending)
    return (
      <Center mih={300}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="gray" variant="light" title={t('publicDashboard.notFoundTitle')} maw={560}>
        {t('publicDashboard.notFound')}
      </Alert>
    );
  const dashboard = query.data;
  return (
    <Stack gap="lg" w="100%" maw={1200} data-testid="public-dashboard">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {dashboard.company.name}
        </Title>
        <Text c="dimmed">{t('publicDashboard.intro')}</Text>
      </Stack>
      {dashboard.points.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('publicDashboard.noPoints')}
        </Alert>
      ) : (
        <>
          <PublicMap dashboard={dashboard} />
          {/* before the widgets: it says what their numbers are measured from */}
          <DatumExplained datum={dashboard.datum} />
          <Stack gap="md">
            {dashboard.points.map((point) => (
              <PublicPointCard key={point.id} slug={dashboard.company.slug} point={point} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
