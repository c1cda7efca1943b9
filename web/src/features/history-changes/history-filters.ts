/** The history's filters as kept in the URL, and their translation into the API query. */
import { fromZonedInput } from '../../lib/time';
import type { ListUrlOptions, ListUrlState } from '../../lib/url-state';

export type HistoryFilter = 'entityType' | 'entityId' | 'userId' | 'from' | 'to';

export const historyListOptions: ListUrlOptions<'at', HistoryFilter> = {
  orders: ['at'],
  defaultOrder: 'at',
  defaultDir: 'DESC',
  filters: ['entityType', 'entityId', 'userId', 'from', 'to'],
};

const isDay = (value: string | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A YYYY-MM-DD day of the URL as an ISO instant: the start of that day in `timeZone`, or its end. */
export function dayToIso(
  day: string | undefined,
  edge: 'start' | 'end',
  timeZone: string,
): string | undefined {
  if (!isDay(day)) return undefined;
  return (
    fromZonedInput(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`, timeZone) ?? undefined
  );
}

/** The API query of the URL's state; days are the company's (`timeZone`). */
export function historyQueryParams(state: ListUrlState<'at', HistoryFilter>, timeZone: string) {
  const { entityType, entityId, userId, from, to } = state.filters;
  return {
    page: state.page,
    length: state.length,
    order: state.order,
    dir: state.dir,
    entityType,
    entityId: entityId?.trim(),
    userId,
    from: dayToIso(from, 'start', timeZone),
    to: dayToIso(to, 'end', timeZone),
  };
}
