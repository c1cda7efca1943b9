/**
 * The app's date and date-time field (docs/WEB.md "Dates"): a Mantine dates picker in the interface
 * language, not the browser's — Spanish or British English month and day names, DD/MM/YYYY with a
 * four-digit year, 24-hour time, weeks from Monday. Its value is what a native `datetime-local`
 * (`date`) input held, on the company's clock ("2026-11-21T10:05", "2026-11-21", "" for none), so
 * lib/time.ts's toInput/fromInput convert it as before.
 */
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import type { MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
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
  const language = useSession((s) => s.language);
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
          value={toPickerValue(value, true)}
          onChange={(next) => onChange(fromPickerValue(next, true))}
          valueFormat={pickerFormats.dateTime}
          timePickerProps={{ format: '24h' }}
        />
      ) : (
        <DatePickerInput
          {...field}
          {...bounds}
          value={toPickerValue(value, false)}
          onChange={(next) => onChange(fromPickerValue(next, false))}
          valueFormat={pickerFormats.date}
        />
      )}
    </DatesProvider>
  );
}
