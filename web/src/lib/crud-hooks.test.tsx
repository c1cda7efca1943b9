import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listResponseSchema } from '@aforo/contracts/common/paging';
import { createTestQueryClient } from '../test/render';
import { createCrudHooks, optionsParams } from './crud-hooks';
import { queryKeys, resourceKeys } from './query-keys';
import { sessionStore } from './session';

const thingSchema = z.object({ id: z.string(), name: z.string() });
type Thing = z.infer<typeof thingSchema>;
const thing: Thing = { id: 'a/1', name: 'First' };

const thingsApi = createCrudHooks<Thing, { name: string }>({
  keys: resourceKeys('things'),
  path: '/things',
  schemas: { list: listResponseSchema(thingSchema), item: thingSchema },
  refreshes: [queryKeys.points.all],
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.method === 'DELETE') return json({ ok: true });
      return url.startsWith('/api/things?') ? json({ rows: [thing], total: 1 }) : json(thing);
    }),
  );
  return calls;
}

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

describe('createCrudHooks', () => {
  it('lists, options and one item from the same REST paths, under the resource key', async () => {
    const calls = stubApi();
    const queryClient = createTestQueryClient();
    const wrapper = wrapperFor(queryClient);
    const list = renderHook(() => thingsApi.useListQuery({ page: 2, length: 25, search: '' }), { wrapper });
    await waitFor(() => expect(list.result.current.data?.rows).toEqual([thing]));
    const options = renderHook(() => thingsApi.useOptionsQuery(optionsParams('name')), { wrapper });
    await waitFor(() => expect(options.result.current.isSuccess).toBe(true));
    const item = renderHook(() => thingsApi.useItemQuery('a/1'), { wrapper });
    await waitFor(() => expect(item.result.current.data).toEqual(thing));
    renderHook(() => thingsApi.useItemQuery(null), { wrapper });

    expect(calls).toEqual([
      'GET /api/things?page=2&length=25',
      'GET /api/things?length=-1&order=name&dir=ASC',
      'GET /api/things/a%2F1',
    ]);
    expect(queryClient.getQueryData(['things', 'list', optionsParams('name')])).toEqual({
      rows: [thing],
      total: 1,
    });
  });

  it('creates, updates, deletes and restores, then refreshes the resource and what shows it', async () => {
    const calls = stubApi();
    const queryClient = createTestQueryClient();
    const wrapper = wrapperFor(queryClient);
    for (const key of [
      ['things', 'list', {}],
      ['points', 'list', {}],
      ['devices', 'list', {}],
    ]) {
      queryClient.setQueryData(key, { rows: [], total: 0 });
    }
    const isStale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    const { result } = renderHook(
      () => ({
        save: thingsApi.useSaveMutation(),
        remove: thingsApi.useDeleteMutation(),
        restore: thingsApi.useRestoreMutation(),
      }),
      { wrapper },
    );

    await act(() => result.current.save.mutateAsync({ id: null, body: { name: 'New' } }));
    expect(isStale(['things', 'list', {}])).toBe(true);
    expect(isStale(['points', 'list', {}])).toBe(true);
    expect(isStale(['devices', 'list', {}])).toBe(false);

    await act(() => result.current.save.mutateAsync({ id: 'a/1', body: { name: 'Renamed' } }));
    await act(() => result.current.remove.mutateAsync('a/1'));
    await act(() => result.current.restore.mutateAsync('a/1'));
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([
      'POST /api/things',
      'PUT /api/things/a%2F1',
      'DELETE /api/things/a%2F1',
      'POST /api/things/a%2F1/restore',
    ]);
  });
});
