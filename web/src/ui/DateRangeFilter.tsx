import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../lib/time';
import { DateTimeInput } from './DateTimeInput';

export interface DateRangeFilterProps {
  /** ISO 8601 values (from the URL); empty = open. */
  from: string | undefined;
  to: string | undefined;
  /** What the server used when the URL leaves a bound open (shown in the input). */
  shownFrom?: string;
  shownTo?: string;
  onChange: (bound: 'from' | 'to', iso: string | null) => void;
}

/** From/to as date-time pickers in the interface language, read and shown in the current company's time zone. */
export function DateRangeFilter({ from, to, shownFrom, shownTo, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  return (
    <>
      <DateTimeInput
        label={t('common.dateRange.from')}
        value={time.toInput(from ?? shownFrom)}
        onChange={(value) => onChange('from', time.fromInput(value))}
        clearable={from !== undefined}
        w={190}
      />
      <DateTimeInput
        label={t('common.dateRange.to')}
        value={time.toInput(to ?? shownTo)}
        onChange={(value) => onChange('to', time.fromInput(value))}
        clearable={to !== undefined}
        w={190}
      />
    </>
  );
}
