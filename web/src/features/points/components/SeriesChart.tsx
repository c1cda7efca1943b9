/**
 * A chart drawn from series data the caller already holds (the public dashboard's 7-day chart, the
 * hours around an alert in its detail): the point page's chart option and lazy canvas, without its
 * range, port and zoom-fetch controls; the range is the series' own from–to.
 */
import { Center, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointSeries } from '@aforo/contracts/point-series';
import { useTimeFormat } from '../../../lib/time';
import { chartLines } from './point-chart-data';
import { buildChartOption, type ChartAlertArea } from './point-chart-option';
import { useChartTexts } from './use-chart-texts';

const PointChartCanvas = lazy(() => import('./PointChartCanvas'));

export type SeriesChartData = Pick<
  PointSeries,
  'points' | 'unit' | 'from' | 'to' | 'thresholds' | 'groundLevel'
>;

export interface SeriesChartProps {
  series: SeriesChartData;
  height?: number;
  /** Shaded spans (an alert's, from opening to clearing) as on the point page's chart. */
  alertAreas?: ChartAlertArea[];
}

// zooming stays within the rows already here
const ignoreZoom = () => undefined;

export function SeriesChart({ series, height = 260, alertAreas }: SeriesChartProps) {
  const { t } = useTranslation();
  const { locale, timeZone } = useTimeFormat();
  const texts = useChartTexts();
  const view = useMemo(() => ({ from: Date.parse(series.from), to: Date.parse(series.to) }), [series]);
  const option = useMemo(
    () =>
      buildChartOption({
        rows: series.points,
        unit: series.unit,
        lines: chartLines(series),
        view,
        window: null,
        texts,
        format: { locale, timeZone },
        alertAreas,
      }),
    [series, view, texts, locale, timeZone, alertAreas],
  );
  if (!series.points.some((r) => r.value !== null))
    return (
      <Center h={height / 2}>
        <Text c="dimmed">{t('points.chart.empty')}</Text>
      </Center>
    );
  return (
    <Suspense fallback={<Skeleton height={height} />}>
      <PointChartCanvas
        option={option}
        viewKey={`${series.from}-${series.to}`}
        onZoom={ignoreZoom}
        height={height}
      />
    </Suspense>
  );
}
