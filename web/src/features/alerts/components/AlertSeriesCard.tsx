import { Alert as Notice, Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { useSession } from '../../../lib/session';
import { alertRowBackgrounds } from '../../../ui/alert-colours';
import { SeriesChart, type ChartAlertArea } from '../../points';
import { alertSeriesRange, useAlertSeriesQuery } from '../api';
import { pointPath } from '../use-alert-columns';

const chartHeight = 300;

/**
 * The series of the alert's port around it (api.ts alertSeriesRange: before it opened and after it
 * cleared, as long again as it lasted) with the alert's span shaded in its level's colour: the point
 * page's chart, for this range.
 */
export function AlertSeriesCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  // "now" as of when the detail opened: the query key stays put while the alert is live
  const [now] = useState(() => Date.now());
  const range = useMemo(() => alertSeriesRange(alert, now), [alert, now]);
  const series = useAlertSeriesQuery(alert, range);
  const areas = useMemo<ChartAlertArea[]>(
    () => [
      {
        from: Date.parse(alert.openedAt),
        to: alert.clearedAt ? Date.parse(alert.clearedAt) : now,
        colour: alertRowBackgrounds[alert.level],
        label: t('alerts.point.markArea', {
          type: t(`alerts.types.${alert.type}`),
          level: t(`alerts.levels.${alert.level}`),
        }),
      },
    ],
    [alert, now, t],
  );
  const onPointChart = `${pointPath(alert.pointId)}?${new URLSearchParams({
    range: 'custom',
    from: new Date(range.from).toISOString(),
    to: new Date(range.to).toISOString(),
    ...(alert.port ? { port: alert.port } : {}),
  }).toString()}`;

  return (
    <Card withBorder radius="md" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('alerts.detail.chart.title')}
          </Title>
          {/* the point page reads the current company: another company's point is not found there */}
          {alert.companyId === currentCompanyId && (
            <Anchor component={Link} to={onPointChart} size="sm">
              {t('alerts.detail.chart.openOnPoint')}
            </Anchor>
          )}
        </Group>
        {series.isPending ? (
          <Skeleton height={chartHeight} />
        ) : series.isError ? (
          <Notice color="red" variant="light" title={t('alerts.detail.chart.error')}>
            {series.error.message}
          </Notice>
        ) : (
          <SeriesChart series={series.data} height={chartHeight} alertAreas={areas} />
        )}
        <Text size="xs" c="dimmed">
          {t('alerts.detail.chart.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
