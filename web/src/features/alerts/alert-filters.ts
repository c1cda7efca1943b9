/** The alerts list's state in the URL: filters, and the default that puts what needs an operator first. */
import { alertOrderFields, alertStateFilters } from '@aforo/contracts/alerts';
import type { Alert } from '@aforo/contracts/alerts';
import { alertGroups, alertTypes } from '@aforo/contracts/alert-types';
import { alertLevels } from '@aforo/contracts/constants';
import type { QueryValue } from '../../lib/api';
import type { ListUrlOptions, ListUrlState } from '../../lib/url-state';
import { listQueryParams } from '../../lib/url-state';

export type AlertOrder = (typeof alertOrderFields)[number];
export type AlertFilter = 'level' | 'type' | 'group' | 'pointId' | 'state' | 'from' | 'to';

export const alertListOptions: ListUrlOptions<AlertOrder, AlertFilter> = {
  orders: alertOrderFields,
  defaultOrder: 'opened_at',
  defaultDir: 'DESC',
  filters: ['level', 'type', 'group', 'pointId', 'state', 'from', 'to'],
};

/**
 * Without a state in the URL the list shows the alerts needing an operator (open + cleared but not
 * acknowledged): what a shift starts with. `state=all` shows every state.
 */
export const defaultAlertState = 'unacknowledged' as const;
export const allStates = 'all';

export const alertStateOptions = [...alertStateFilters, allStates] as const;
export type AlertStateOption = (typeof alertStateOptions)[number];

export function shownState(state: string | undefined): AlertStateOption {
  return (alertStateOptions as readonly string[]).includes(state ?? '')
    ? (state as AlertStateOption)
    : defaultAlertState;
}

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The GET /api/alerts query of the URL state; unknown filter values are left out. */
export function alertQueryParams(list: ListUrlState<AlertOrder, AlertFilter>): Record<string, QueryValue> {
  const { level, type, group, pointId, state, from, to } = list.filters;
  const shown = shownState(state);
  const { search: _search, ...paging } = listQueryParams(list);
  return {
    ...paging,
    level: oneOf(
      alertLevels.filter((l) => l !== 'OK'),
      level,
    ),
    type: oneOf(alertTypes, type),
    group: oneOf(alertGroups, group),
    pointId,
    state: shown === allStates ? undefined : shown,
    from,
    to,
  };
}

/** Open, or cleared before anyone acknowledged it: what an operator may still acknowledge. */
export const isAcknowledgeable = (a: Pick<Alert, 'state'>) =>
  a.state === 'open' || a.state === 'cleared_unacknowledged';
