import { Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../../lib/time';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import type { TimeRange } from './point-chart-data';
import { chartRanges, type ChartRange } from './point-chart-range';

export interface ChartRangeControlsProps {
  range: ChartRange;
  view: TimeRange;
  onRange: (range: ChartRange) => void;
  /** A custom range with from < to. */
  onCustom: (view: TimeRange) => void;
}

/** 24 h / 7 d / 30 d / 1 year / custom; custom shows from and to on the company's clock. */
export function ChartRangeControls({ range, view, onRange, onCustom }: ChartRangeControlsProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const setBound = (bound: 'from' | 'to', iso: string | null) => {
    if (!iso) return;
    const next = { ...view, [bound]: Date.parse(iso) };
    if (next.from < next.to) onCustom(next);
  };
  return (
    <Group gap="xs" align="flex-end">
      <SegmentedControl
        size="xs"
        aria-label={t('points.chart.range')}
        value={range}
        onChange={(value) => onRange(value as ChartRange)}
        data={chartRanges.map((p) => ({ value: p, label: t(`points.chart.presets.${p}`) }))}
      />
      {range === 'custom' && (
        <>
          <DateTimeInput
            size="xs"
            aria-label={t('common.dateRange.from')}
            value={time.toInput(new Date(view.from).toISOString())}
            onChange={(value) => setBound('from', time.fromInput(value))}
            w={160}
          />
          <DateTimeInput
            size="xs"
            aria-label={t('common.dateRange.to')}
            value={time.toInput(new Date(view.to).toISOString())}
            onChange={(value) => setBound('to', time.fromInput(value))}
            w={160}
          />
        </>
      )}
    </Group>
  );
}
