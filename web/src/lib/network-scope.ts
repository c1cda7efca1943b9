/**
 * The provider's network view (docs/WEB.md "All companies"): on Overview, Monitoring, Map and Alerts
 * provider staff read every client company at once (`scope=all`), optionally filtered to one company
 * (`companyId`). The choice is persisted in local storage like the session (lib/session.ts) and is ON
 * by default for provider staff — their own company has no points — and always off for client users.
 */
import { useSyncExternalStore } from 'react';
import { useCurrentUserQuery } from './current-user';
import { useSession } from './session';

export const networkStorageKey = 'aforo.network';

export interface NetworkPreference {
  /** The network view is on (only honoured for provider staff). */
  all: boolean;
  /** The company the network lists are filtered to, null for every company. */
  companyFilter: string | null;
}

/** What local storage holds; anything missing or malformed is the default: network on, no filter. */
export function parseNetworkPreference(raw: string | null): NetworkPreference {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return {
    all: stored.all !== false,
    companyFilter:
      typeof stored.companyFilter === 'string' && stored.companyFilter !== '' ? stored.companyFilter : null,
  };
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(networkStorageKey);
  } catch {
    return null;
  }
}

let preference: NetworkPreference = parseNetworkPreference(readStorage());
const listeners = new Set<() => void>();

function update(patch: Partial<NetworkPreference>): void {
  preference = { ...preference, ...patch };
  try {
    localStorage.setItem(networkStorageKey, JSON.stringify(preference));
  } catch {
    // storage blocked (private mode): the in-memory choice still works for this tab
  }
  for (const listener of listeners) listener();
}

export const networkStore = {
  getState: (): NetworkPreference => preference,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setAll(all: boolean): void {
    if (all !== preference.all) update({ all });
  },
  setCompanyFilter(companyFilter: string | null): void {
    if (companyFilter !== preference.companyFilter) update({ companyFilter });
  },
  /** Re-reads local storage (tests; another tab's change). */
  reload(raw: string | null = readStorage()): void {
    preference = parseNetworkPreference(raw);
    for (const listener of listeners) listener();
  },
};

/** The query parameters of a network list (contracts/common/network-scope.ts). */
export interface NetworkParams {
  scope?: 'all';
  companyId?: string;
}

export interface NetworkScope {
  /** The user is provider staff (may use the network view). */
  available: boolean;
  /** The signed-in user is known (before that `available` and `all` are false). */
  ready: boolean;
  /** The network view is on. */
  all: boolean;
  setAll(on: boolean): void;
  /** To spread into a list's query (and so into its query key): empty for the current company. */
  params: NetworkParams;
  /** The company the network lists are filtered to (only meaningful when `all`). */
  companyFilter: string | null;
  setCompanyFilter(id: string | null): void;
  /**
   * A query-key part that tells the views apart: the network (filtered or not) or the current
   * company, so react-query never shows one view's cached rows in the other.
   */
  key: readonly ['network', string] | readonly ['company', string | null];
}

/** The pure decision behind useNetworkScope (tested on its own). */
export function networkScopeOf(
  user: { isGlobal: boolean } | undefined,
  stored: NetworkPreference,
  currentCompanyId: string | null,
): Pick<NetworkScope, 'available' | 'ready' | 'all' | 'params' | 'companyFilter' | 'key'> {
  const available = user?.isGlobal === true;
  const all = available && stored.all;
  const companyFilter = all ? stored.companyFilter : null;
  const params: NetworkParams = all
    ? companyFilter
      ? { scope: 'all', companyId: companyFilter }
      : { scope: 'all' }
    : {};
  return {
    available,
    ready: user !== undefined,
    all,
    params,
    companyFilter,
    key: all ? (['network', companyFilter ?? 'every'] as const) : (['company', currentCompanyId] as const),
  };
}

export function useNetworkScope(): NetworkScope {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const stored = useSyncExternalStore(networkStore.subscribe, networkStore.getState, networkStore.getState);
  return {
    ...networkScopeOf(user, stored, currentCompanyId),
    setAll: (on) => networkStore.setAll(on),
    setCompanyFilter: (id) => networkStore.setCompanyFilter(id),
  };
}
