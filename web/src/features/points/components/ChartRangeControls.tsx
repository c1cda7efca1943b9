import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../../lib/time';
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
          <TextInput
            type="datetime-local"
            size="xs"
            aria-label={t('common.dateRange.from')}
            value={time.toInput(new Date(view.from).toISOString())}
            onChange={(e) => setBound('from', time.fromInput(e.currentTarget.value))}
            w={190}
          />
          <TextInput
            type="datetime-local"
            size="xs"
            aria-label={t('common.dateRange.to')}
            value={time.toInput(new Date(view.to).toISOString())}
            onChange={(e) => setBound('to', time.fromInput(e.currentTarget.value))}
            w={190}
          />
        </>
      )}
    </Group>
  );
}
