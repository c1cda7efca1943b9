import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../lib/time';

export interface DateRangeFilterProps {
  /** ISO 8601 values (from the URL); empty = open. */
  from: string | undefined;
  to: string | undefined;
  /** What the server used when the URL leaves a bound open (shown in the input). */
  shownFrom?: string;
  shownTo?: string;
  onChange: (bound: 'from' | 'to', iso: string | null) => void;
}

/**
 * From/to as date-time inputs read and shown in the current company's time zone (@mantine/dates is
 * not installed; the browser's picker serves).
 */
export function DateRangeFilter({ from, to, shownFrom, shownTo, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  return (
    <>
      <TextInput
        type="datetime-local"
        label={t('common.dateRange.from')}
        value={time.toInput(from ?? shownFrom)}
        onChange={(e) => onChange('from', time.fromInput(e.currentTarget.value))}
        w={210}
      />
      <TextInput
        type="datetime-local"
        label={t('common.dateRange.to')}
        value={time.toInput(to ?? shownTo)}
        onChange={(e) => onChange('to', time.fromInput(e.currentTarget.value))}
        w={210}
      />
    </>
  );
}
