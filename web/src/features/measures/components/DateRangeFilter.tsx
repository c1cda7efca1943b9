import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, toLocalInput } from '../time';

export interface DateRangeFilterProps {
  /** ISO 8601 values (from the URL); empty = open. */
  from: string | undefined;
  to: string | undefined;
  /** What the server used when the URL leaves a bound open (shown in the input). */
  shownFrom?: string;
  shownTo?: string;
  onChange: (bound: 'from' | 'to', iso: string | null) => void;
}

/** From/to as local date-time inputs (@mantine/dates is not installed; the browser's picker serves). */
export function DateRangeFilter({ from, to, shownFrom, shownTo, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        type="datetime-local"
        label={t('telemetry.filters.from')}
        value={toLocalInput(from ?? shownFrom)}
        onChange={(e) => onChange('from', fromLocalInput(e.currentTarget.value))}
        w={210}
      />
      <TextInput
        type="datetime-local"
        label={t('telemetry.filters.to')}
        value={toLocalInput(to ?? shownTo)}
        onChange={(e) => onChange('to', fromLocalInput(e.currentTarget.value))}
        w={210}
      />
    </>
  );
}
