/** Numbers, days, months and instants of the tokens' screen in the interface language (lib/format, lib/time). */
import { useMemo } from 'react';
import { useFormat } from '../../lib/format';
import { useTimeFormat } from '../../lib/time';

export function useTokenFormat() {
  const f = useFormat();
  const time = useTimeFormat();
  return useMemo(() => {
    const monthFormat = new Intl.DateTimeFormat(time.locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return {
      count: (value: number) => f.number(value, { maximumFractionDigits: 0 }),
      /** A calendar day "2026-07-31" as DD/MM/YYYY (the token's validity, a UTC day: no zone to convert). */
      day: time.day,
      /** An instant on the company's clock, "21/11/2026, 10:05". */
      dateTime: time.dateTime,
      /** "julio de 2026", "July 2026" of a 'YYYY-MM' (the usage month, UTC). */
      month: (month: string) => {
        const ms = Date.parse(`${month}-15T12:00:00Z`);
        return Number.isNaN(ms) ? month : monthFormat.format(ms);
      },
    };
  }, [f, time]);
}
