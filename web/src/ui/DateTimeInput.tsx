/**
 * The app's date and date-time field (docs/WEB.md "Dates"): a Mantine dates picker in the interface
 * language, not the browser's — Spanish or British English month and day names, DD/MM/YYYY with a
 * four-digit year, 24-hour time, weeks from Monday. Its value is what a native `datetime-local`
 * (`date`) input held, on the company's clock ("2026-11-21T10:05", "2026-11-21", "" for none), so
 * lib/time.ts's toInput/fromInput convert it as before.
 */
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import type { MantineSize } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import type { Language } from '@aforo/contracts/constants';
import { useSession } from '../lib/session';

/** dayjs's locale of each interface language (en-GB, as lib/format.ts's Intl locale). */
export const pickerLocales: Record<Language, string> = { es: 'es', en: 'en-gb' };
/** What the field shows: the same day-first, four-digit-year, 24-hour form in both languages. */
export const pickerFormats = { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' } as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/;

/** The picker's value ("YYYY-MM-DD HH:mm:ss" or "YYYY-MM-DD") of an input value; null for none or junk. */
export function toPickerValue(value: string | null | undefined, withTime: boolean): string | null {
  if (!value) return null;
  if (!withTime) return datePattern.test(value.slice(0, 10)) ? value.slice(0, 10) : null;
  const match = dateTimePattern.exec(value);
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : null;
}

/** The input value ("YYYY-MM-DDTHH:mm" or "YYYY-MM-DD") of the picker's; "" for none. */
export function fromPickerValue(value: string | null, withTime: boolean): string {
  if (!value) return '';
  return withTime ? `${value.slice(0, 10)}T${value.slice(11, 16)}` : value.slice(0, 10);
}

export interface DateTimeInputProps {
  /** On the company's clock: "2026-11-21T10:05" (with time) or "2026-11-21"; "" (or none) for none. */
  value?: string | null;
  onChange: (value: string) => void;
  /** Date and 24-hour time (default) or the day alone. */
  withTime?: boolean;
  /** Earliest and latest values a user may pick, in the same form as `value`. */
  min?: string;
  max?: string;
  label?: string;
  'aria-label'?: string;
  description?: string;
  placeholder?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
  /** A cross to empty the field (value ""). */
  clearable?: boolean;
  size?: MantineSize;
  w?: number | string;
  onFocus?: () => void;
  onBlur?: () => void;
}

export function DateTimeInput({ value, onChange, withTime = true, min, max, ...field }: DateTimeInputProps) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  // a date and a time are chosen in several steps: the caller hears the result once, when the picker
  // closes (its confirm button, Enter or a click outside), not each day and digit on the way; the
  // draft follows the value whenever the caller changes it (a preset, a reset)
  const [draft, setDraft] = useState(value ?? '');
  const [shown, setShown] = useState(value ?? '');
  if ((value ?? '') !== shown) {
    setShown(value ?? '');
    setDraft(value ?? '');
  }
  const commit = (next: string) => {
    if (next !== (value ?? '')) onChange(next);
  };
  const calendar = {
    ariaLabels: {
      nextMonth: t('common.dateTime.nextMonth'),
      previousMonth: t('common.dateTime.previousMonth'),
      nextYear: t('common.dateTime.nextYear'),
      previousYear: t('common.dateTime.previousYear'),
      nextDecade: t('common.dateTime.nextDecade'),
      previousDecade: t('common.dateTime.previousDecade'),
      monthLevelControl: t('common.dateTime.monthLevel'),
      yearLevelControl: t('common.dateTime.yearLevel'),
    },
    clearButtonProps: { 'aria-label': t('common.dateTime.clear') },
    // the value string on the field, as a native input's value was, for tests to read
    'data-value': value ?? '',
  };
  const bounds = {
    minDate: toPickerValue(min, withTime) ?? undefined,
    maxDate: toPickerValue(max, withTime) ?? undefined,
  };
  return (
    <DatesProvider settings={{ locale: pickerLocales[language], firstDayOfWeek: 1 }}>
      {withTime ? (
        <DateTimePicker
          {...field}
          {...bounds}
          {...calendar}
          value={toPickerValue(draft, true)}
          onChange={(next) => {
            const text = fromPickerValue(next, true);
            setDraft(text);
            // the clear button empties at once, with the picker closed
            if (text === '') commit(text);
          }}
          onDropdownClose={() => commit(draft)}
          valueFormat={pickerFormats.dateTime}
          timePickerProps={{
            format: '24h',
            hoursInputLabel: t('common.dateTime.hours'),
            minutesInputLabel: t('common.dateTime.minutes'),
          }}
          submitButtonProps={{ 'aria-label': t('common.dateTime.done') }}
        />
      ) : (
        <DatePickerInput
          {...field}
          {...bounds}
          {...calendar}
          value={toPickerValue(value, false)}
          onChange={(next) => onChange(fromPickerValue(next, false))}
          valueFormat={pickerFormats.date}
        />
      )}
    </DatesProvider>
  );
}
