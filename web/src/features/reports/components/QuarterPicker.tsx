import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shiftQuarter } from '../report-period';
import { useReportFormat } from '../use-report-format';
import { PeriodStepper } from './PeriodStepper';

export interface QuarterPickerProps {
  /** "2026-Q4". */
  value: string;
  /** The latest quarter offered (the current one). */
  latest: string;
  onChange: (quarter: string) => void;
}

/** How many quarters back the list offers (five years); the arrows go further. */
const offered = 20;

/** The report's quarter "YYYY-Qn": the recent quarters to choose from, with previous and next. */
export function QuarterPicker({ value, latest, onChange }: QuarterPickerProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const quarters = Array.from({ length: offered }, (_, i) => shiftQuarter(latest, -i));
  if (!quarters.includes(value)) quarters.unshift(value);
  return (
    <PeriodStepper
      previousLabel={t('reports.quarterly.previous')}
      nextLabel={t('reports.quarterly.next')}
      onStep={(step) => onChange(shiftQuarter(value, step))}
    >
      <Select
        label={t('reports.quarterly.quarter')}
        data={quarters
          .sort()
          .reverse()
          .map((q) => ({ value: q, label: f.quarter(q) }))}
        value={value}
        onChange={(next) => next && onChange(next)}
        allowDeselect={false}
        w={170}
        comboboxProps={{ withinPortal: true }}
      />
    </PeriodStepper>
  );
}
