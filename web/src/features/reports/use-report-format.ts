/**
 * How the report screens write their figures in the interface language (docs/WEB.md "Numbers",
 * "Dates"): percentages "87,5 %", days "03/10/2026", months "octubre de 2026", times "14:35" on the
 * point's company clock, pulse totals in mm or m³.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesTotal } from '@aforo/contracts/daily-summaries';
import { noValue } from '@aforo/contracts/format';
import { intlLocale, useFormat } from '../../lib/format';
import { wallClock } from '../../lib/time';

/** The unit of a pulse series' total (contracts/src/daily-summaries.ts seriesTotals). */
export const totalUnits: Record<SeriesTotal, string> = { rain: 'mm', volume: 'm³' };

const utcDate = (day: string) => Date.parse(`${day.slice(0, 10)}T12:00:00Z`);

export function useReportFormat() {
  const { t } = useTranslation();
  const format = useFormat();
  const locale = intlLocale(format.language);
  return useMemo(() => {
    const dayFormat = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const shortMonthFormat = new Intl.DateTimeFormat(locale, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      ...format,
      percent: (value: number | null) =>
        value === null ? noValue : `${format.number(value, { maximumFractionDigits: 1 })} %`,
      /** "03/10/2026" of a local day "2026-10-03". */
      day: (day: string) => dayFormat.format(utcDate(day)),
      /** "vie., 03/10/2026". */
      dayWithWeekday: (day: string) =>
        `${weekdayFormat.format(utcDate(day))} ${dayFormat.format(utcDate(day))}`,
      /** "octubre de 2026" of "2026-10". */
      month: (month: string) => monthFormat.format(utcDate(`${month}-01`)),
      shortMonth: (month: string) => shortMonthFormat.format(utcDate(`${month}-01`)),
      /** "T4 2026" / "Q4 2026" of "2026-Q4". */
      quarter: (quarter: string) =>
        t('reports.quarterly.quarterLabel', { n: quarter.slice(6), year: quarter.slice(0, 4) }),
      /** "14:35" on the clock of `timeZone`. */
      time: (iso: string, timeZone: string) =>
        new Intl.DateTimeFormat(locale, {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone,
        }).format(Date.parse(iso)),
      /** "03/10 14:35" on the clock of `timeZone` (an extreme of a month; Intl writes "3/10" in es-ES). */
      dayTime: (iso: string, timeZone: string) => {
        const c = wallClock(Date.parse(iso), timeZone);
        const two = (n: number) => String(n).padStart(2, '0');
        return `${two(c.day)}/${two(c.month)} ${two(c.hour)}:${two(c.minute)}`;
      },
      total: (value: number | null, kind: SeriesTotal | null) =>
        kind ? format.measure(value, totalUnits[kind]) : noValue,
    };
  }, [format, locale, t]);
}

export type ReportFormatters = ReturnType<typeof useReportFormat>;
