import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { readListState, useListUrlState, writeListState } from './url-state';
import type { ListUrlControls, ListUrlOptions } from './url-state';

type Order = 'created_at' | 'name';
const options: ListUrlOptions<Order, 'showDeleted' | 'fdxUsers'> = {
  orders: ['created_at', 'name'],
  defaultOrder: 'created_at',
  defaultDir: 'DESC',
  filters: ['showDeleted', 'fdxUsers'],
};

describe('readListState', () => {
  it('falls back to the defaults for missing or malformed values', () => {
    expect(readListState(new URLSearchParams('page=0&length=7&order=drop&dir=sideways'), options)).toEqual({
      page: 1,
      length: 25,
      order: 'created_at',
      dir: 'DESC',
      search: '',
      filters: {},
    });
  });

  it('reads page, length, order, dir, search and the declared filters only', () => {
    const params = new URLSearchParams(
      'page=3&length=50&order=name&dir=asc&search=ana&showDeleted=true&other=x',
    );
    expect(readListState(params, options)).toEqual({
      page: 3,
      length: 50,
      order: 'name',
      dir: 'ASC',
      search: 'ana',
      filters: { showDeleted: 'true' },
    });
  });
});

describe('writeListState', () => {
  it('leaves defaults out of the URL and keeps unrelated parameters', () => {
    const next = writeListState(
      new URLSearchParams('mail=1&page=4'),
      { order: 'created_at', dir: 'DESC' },
      options,
    );
    expect(next.toString()).toBe('mail=1');
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const current = new URLSearchParams('page=4&search=ana');
    expect(writeListState(current, { page: 5 }, options).get('page')).toBe('5');
    expect(writeListState(current, { search: 'luis' }, options).get('page')).toBeNull();
    expect(writeListState(current, { filters: { fdxUsers: 'true' } }, options).toString()).toBe(
      'search=ana&fdxUsers=true',
    );
  });

  it('removes a filter set to null or empty, and trims the search', () => {
    const current = new URLSearchParams('showDeleted=true');
    expect(
      writeListState(current, { filters: { showDeleted: null }, search: '  x ' }, options).toString(),
    ).toBe('search=x');
  });
});

describe('useListUrlState', () => {
  function renderList(initial: string) {
    const seen: { controls: ListUrlControls<Order, 'showDeleted' | 'fdxUsers'> | null } = { controls: null };
    function Probe() {
      seen.controls = useListUrlState(options);
      return null;
    }
    const router = createMemoryRouter([{ path: '/users', element: <Probe /> }], {
      initialEntries: [initial],
    });
    render(<RouterProvider router={router} />);
    const current = () => {
      if (!seen.controls) throw new Error('not rendered');
      return seen.controls;
    };
    return { router, current };
  }

  it('writes changes to the URL, one history entry each, so the back button undoes them', async () => {
    const { router, current } = renderList('/users');
    expect(current().page).toBe(1);

    act(() => current().setSort('name', 'ASC'));
    expect(router.state.location.search).toBe('?order=name&dir=ASC');
    act(() => current().setPage(2));
    expect(router.state.location.search).toBe('?order=name&dir=ASC&page=2');
    expect(current()).toMatchObject({ page: 2, order: 'name', dir: 'ASC' });

    act(() => current().setFilter('showDeleted', 'true'));
    expect(current()).toMatchObject({ page: 1, filters: { showDeleted: 'true' } });

    await act(() => router.navigate(-1));
    expect(current()).toMatchObject({ page: 2, order: 'name', filters: {} });
    await act(() => router.navigate(-1));
    expect(current()).toMatchObject({ page: 1, order: 'name', dir: 'ASC' });
  });

  it('reset clears the list state but keeps other parameters', () => {
    const { router, current } = renderList('/users?page=3&search=ana&fdxUsers=true&tab=x');
    expect(current()).toMatchObject({ page: 3, search: 'ana', filters: { fdxUsers: 'true' } });
    act(() => current().reset());
    expect(router.state.location.search).toBe('?tab=x');
  });
});
