import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartTexts } from './point-chart-option';

/** The translated texts of a point chart (legend, tooltip, lines), for PointChart and SeriesChart. */
export function useChartTexts(): ChartTexts {
  const { t } = useTranslation();
  return useMemo<ChartTexts>(
    () => ({
      value: t('points.chart.value'),
      band: t('points.chart.band'),
      suspect: t('points.chart.flags.3'),
      failed: t('points.chart.flags.4'),
      min: t('points.chart.min'),
      max: t('points.chart.max'),
      measures: (count) => t('points.chart.measures', { count }),
      flag: (flag) =>
        `${t('points.chart.quality')}: ${t(`points.chart.flags.${flag}`, { defaultValue: String(flag) })}`,
      line: (kind) => t(`points.chart.lines.${kind}`),
    }),
    [t],
  );
}
