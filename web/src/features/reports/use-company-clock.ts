/** The companies' clocks the reports read days on (docs/REPORTS.md "Days, months and quarters"). */
import { useState } from 'react';
import { useCurrentUserQuery } from '../../lib/current-user';
import { useCompanyTimeZone, wallClock } from '../../lib/time';
import type { CalendarDay } from './report-period';

/** Today on the current company's clock (as the screen opened: a default period stays put). */
export function useCompanyToday(): CalendarDay {
  const [now] = useState(() => Date.now());
  const { year, month, day } = wallClock(now, useCompanyTimeZone());
  return { year, month, day };
}

/** The zone of any of the user's companies (a network report's point may be another's). */
export function useZoneOfCompany(): (companyId: string) => string {
  const { data: user } = useCurrentUserQuery();
  const fallback = useCompanyTimeZone();
  return (companyId) => user?.companies.find((c) => c.id === companyId)?.preferredTimezone ?? fallback;
}
