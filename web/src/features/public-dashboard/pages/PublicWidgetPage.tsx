import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RiverLevelCard } from '../../river-level';
import { usePublicDashboardQuery } from '../api';

/**
 * /public/dashboard/:slug/widget/:pointId: one public point's widget alone, made for other sites'
 * iframes (the only page the server lets be framed), with a link to the whole public dashboard.
 */
export function PublicWidgetPage() {
  const { t } = useTranslation();
  const { slug = '', pointId = '' } = useParams();
  const query = usePublicDashboardQuery(slug);
  const point = query.data?.points.find((p) => p.id === pointId);
  if (query.isPending)
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  if (!point)
    return (
      <Text c="dimmed" p="sm">
        {t('publicDashboard.notFound')}
      </Text>
    );
  return (
    <Box p="xs" maw={360} data-testid="public-widget">
      <Stack gap={4}>
        <RiverLevelCard level={point.riverLevel} />
        <Anchor
          href={`/public/dashboard/${encodeURIComponent(slug)}`}
          target="_blank"
          rel="noopener"
          size="xs"
        >
          {t('publicDashboard.widgetSource', { name: query.data?.company.name })}
        </Anchor>
      </Stack>
    </Box>
  );
}
