import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCurrentUser, companyA, companyB } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { currentUserQueryKey } from './current-user';
import {
  networkScopeOf,
  networkStorageKey,
  networkStore,
  parseNetworkPreference,
  useNetworkScope,
} from './network-scope';
import { sessionStore } from './session';

afterEach(() => {
  networkStore.reload(null);
  sessionStore.reload(null);
});

function renderScope(isGlobal: boolean) {
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCurrentUser({ isGlobal }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useNetworkScope(), { wrapper });
}

describe('network scope', () => {
  it('is on by default for provider staff: every company, no filter', () => {
    const { result } = renderScope(true);
    expect(result.current).toMatchObject({ available: true, ready: true, all: true, companyFilter: null });
    expect(result.current.params).toEqual({ scope: 'all' });
    expect(result.current.key).toEqual(['network', 'every']);
  });

  it('is never on for a client user, whatever is stored', () => {
    localStorage.setItem(networkStorageKey, JSON.stringify({ all: true, companyFilter: companyB }));
    networkStore.reload();
    const { result } = renderScope(false);
    expect(result.current).toMatchObject({ available: false, all: false, companyFilter: null });
    expect(result.current.params).toEqual({});
    expect(result.current.key).toEqual(['company', companyA]);
  });

  it('persists the choice and the company filter, and keys the two views apart', () => {
    const { result } = renderScope(true);
    act(() => result.current.setCompanyFilter(companyB));
    expect(result.current.params).toEqual({ scope: 'all', companyId: companyB });
    expect(result.current.key).toEqual(['network', companyB]);
    act(() => result.current.setAll(false));
    expect(result.current.params).toEqual({});
    expect(result.current.key).toEqual(['company', companyA]);
    expect(parseNetworkPreference(localStorage.getItem(networkStorageKey))).toEqual({
      all: false,
      companyFilter: companyB,
    });
  });

  it('is off while the user is loading and reads malformed storage as the default', () => {
    expect(networkScopeOf(undefined, parseNetworkPreference('{not json'), companyA)).toMatchObject({
      ready: false,
      available: false,
      all: false,
      params: {},
    });
    expect(parseNetworkPreference('[]')).toEqual({ all: true, companyFilter: null });
  });
});
