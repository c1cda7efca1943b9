/**
 * The point page chart (docs/WEB.md): interpreted values of one port over a preset range, min/max
 * band when the server downsampled, warning/alert/ground lines, gaps as gaps, flagged measures
 * marked. Zooming asks the server for the zoomed window, whose finer rows replace the coarse ones.
 */
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Point } from '@aforo/contracts/points';
import { useTimeFormat } from '../../../lib/time';
import { usePointAlerts } from '../../../lib/alerts-api';
import { alertRowBackgrounds } from '../../../ui/alert-colours';
import { useSecondsLabel } from '../../devices';
import { usePointSeriesQuery } from '../point-series.api';
import { ChartExportMenu } from './ChartExportMenu';
import { ChartRangeControls } from './ChartRangeControls';
import { chartLines, mergeSeries, zoomWindow, type TimeRange } from './point-chart-data';
import { buildChartOption, type ChartAlertArea } from './point-chart-option';
import { useChartTexts } from './use-chart-texts';
import { readChartUrl, writeChartUrl, type ChartRange } from './point-chart-range';

const PointChartCanvas = lazy(() => import('./PointChartCanvas'));

const chartHeight = 380;
const zoomDebounceMs = 400;

export function PointChart({ point }: { point: Point }) {
  const { t } = useTranslation();
  const { locale, timeZone } = useTimeFormat();
  const secondsLabel = useSecondsLabel();
  const [params, setParams] = useSearchParams();
  // range and port live in the URL (a view is a link); a preset ends "now" as of when it was read
  const { range, view, port } = useMemo(() => readChartUrl(params), [params]);
  const [window, setWindow] = useState<TimeRange | null>(null);
  const base = usePointSeriesQuery(point.id, { port, from: view.from, to: view.to });
  const shownPort = base.data?.port ?? port;
  const detail = usePointSeriesQuery(point.id, window ? { port: shownPort, ...window } : null);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onZoom = useCallback(
    (startPercent: number, endPercent: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const span = view.to - view.from;
        setWindow(
          zoomWindow(view, view.from + (startPercent / 100) * span, view.from + (endPercent / 100) * span),
        );
      }, zoomDebounceMs);
    },
    [view],
  );

  const chooseRange = (next: ChartRange) => {
    // custom starts from what is on screen
    setParams((p) => writeChartUrl(p, { range: next, view }), { replace: true });
    setWindow(null);
  };
  const chooseCustom = (next: TimeRange) => {
    setParams((p) => writeChartUrl(p, { range: 'custom', view: next }), { replace: true });
    setWindow(null);
  };
  const choosePort = (next: string | null) => {
    if (!next) return;
    setParams((p) => writeChartUrl(p, { range, view, port: next }), { replace: true });
    setWindow(null);
  };

  const texts = useChartTexts();
  const series = base.data;
  const { alerts } = usePointAlerts(point.id);
  const alertAreas = useMemo<ChartAlertArea[]>(
    () =>
      alerts
        // the chart's port, and the point-wide ones (no transmission)
        .filter((a) => a.port === null || a.port === series?.port)
        .map((a) => ({
          from: Date.parse(a.openedAt),
          // an open alert's area runs to the present moment (recomputed with the alerts)
          // eslint-disable-next-line react-hooks/purity
          to: a.clearedAt ? Date.parse(a.clearedAt) : Date.now(),
          colour: alertRowBackgrounds[a.level],
          label: t('alerts.point.markArea', {
            type: t(`alerts.types.${a.type}`),
            level: t(`alerts.levels.${a.level}`),
          }),
        })),
    [alerts, series?.port, t],
  );
  const rows = useMemo(
    () => mergeSeries(series, window ? detail.data : undefined),
    [series, window, detail.data],
  );
  const option = useMemo(
    () =>
      series
        ? buildChartOption({
            rows,
            unit: series.unit,
            lines: chartLines(series),
            view,
            window,
            texts,
            format: { locale, timeZone },
            alertAreas,
          })
        : null,
    [rows, series, view, window, texts, locale, timeZone, alertAreas],
  );
  const shown = window && detail.data ? detail.data : series;
  // the export holds what is on screen (the zoomed window when zoomed): offered when that has data
  const shownRows = useMemo(() => {
    if (!window) return rows;
    return rows.filter((r) => {
      const ms = Date.parse(r.ts);
      return ms >= window.from && ms < window.to;
    });
  }, [rows, window]);
  const empty = !rows.some((r) => r.value !== null);

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('points.chart.title')}
            </Title>
            {(base.isFetching || detail.isFetching) && <Loader size="xs" aria-label={t('common.loading')} />}
          </Group>
          <Group gap="xs">
            {series && series.ports.length > 1 && (
              <Select
                aria-label={t('points.chart.port')}
                size="xs"
                w={180}
                allowDeselect={false}
                value={shownPort}
                onChange={choosePort}
                data={series.ports.map((p) => ({
                  value: p.key,
                  label: p.label ? `${p.label} (${p.key})` : p.key,
                }))}
              />
            )}
            <ChartRangeControls range={range} view={view} onRange={chooseRange} onCustom={chooseCustom} />
            <ChartExportMenu
              pointId={point.id}
              port={shownPort}
              range={window ?? view}
              disabled={!shownRows.some((r) => r.count > 0)}
            />
            <Anchor
              component={Link}
              size="sm"
              to={`/app/operation/measures?pointId=${encodeURIComponent(point.id)}`}
            >
              {t('points.chart.seeMeasures')}
            </Anchor>
          </Group>
        </Group>
        {base.isPending ? (
          <Skeleton height={chartHeight} />
        ) : base.isError ? (
          <Alert color="red" title={t('points.chart.error')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{base.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void base.refetch()}>
                {t('points.chart.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : empty || !option ? (
          <Center h={chartHeight / 2}>
            <Text c="dimmed">{t(series?.port ? 'points.chart.empty' : 'points.chart.noPort')}</Text>
          </Center>
        ) : (
          <Suspense fallback={<Skeleton height={chartHeight} />}>
            <PointChartCanvas
              option={option}
              viewKey={`${view.from}-${view.to}-${shownPort ?? ''}`}
              onZoom={onZoom}
              height={chartHeight}
            />
          </Suspense>
        )}
        {shown && !empty && (
          <Text size="xs" c="dimmed">
            {shown.raw
              ? t('points.chart.raw')
              : t('points.chart.buckets', { width: secondsLabel(shown.bucketSeconds) })}
            {' · '}
            {t('points.chart.zoomHint')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
