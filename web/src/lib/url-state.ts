/** List view state kept in the URL (docs/WEB.md): page, length, order, dir, search and filters. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortDir = 'ASC' | 'DESC';

/** Page sizes offered by every list. */
export const pageLengths = [10, 25, 50, 100] as const;

export interface ListUrlOptions<O extends string, F extends string = never> {
  /** Order fields the list accepts; anything else in the URL falls back to the default. */
  orders: readonly O[];
  defaultOrder: O;
  defaultDir?: SortDir;
  defaultLength?: number;
  /** Names of the extra query parameters the list reads as filters. */
  filters?: readonly F[];
}

export interface ListUrlState<O extends string, F extends string = never> {
  page: number;
  length: number;
  order: O;
  dir: SortDir;
  search: string;
  filters: Partial<Record<F, string>>;
}

export interface ListUrlPatch<O extends string, F extends string = never> {
  page?: number;
  length?: number;
  order?: O;
  dir?: SortDir;
  search?: string;
  /** A null, undefined or empty value removes the filter. */
  filters?: Partial<Record<F, string | null | undefined>>;
}

const defaultLengthOf = (options: ListUrlOptions<string, string>) => options.defaultLength ?? 25;
const defaultDirOf = (options: ListUrlOptions<string, string>) => options.defaultDir ?? 'DESC';

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** Reads the state from the query string; missing or malformed values fall back to the defaults. */
export function readListState<O extends string, F extends string = never>(
  params: URLSearchParams,
  options: ListUrlOptions<O, F>,
): ListUrlState<O, F> {
  const length = positiveInt(params.get('length'));
  const order = params.get('order');
  const dir = params.get('dir')?.toUpperCase();
  const filters: Partial<Record<F, string>> = {};
  for (const name of options.filters ?? []) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    length:
      length !== null && (pageLengths as readonly number[]).includes(length)
        ? length
        : defaultLengthOf(options),
    order:
      order !== null && (options.orders as readonly string[]).includes(order)
        ? (order as O)
        : options.defaultOrder,
    dir: dir === 'ASC' || dir === 'DESC' ? dir : defaultDirOf(options),
    search: params.get('search') ?? '',
    filters,
  };
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null): void {
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
}

/**
 * A new query string with the patch applied. Defaults are left out so URLs stay short, other
 * parameters are kept, and any change other than the page itself goes back to page 1.
 */
export function writeListState<O extends string, F extends string = never>(
  current: URLSearchParams,
  patch: ListUrlPatch<O, F>,
  options: ListUrlOptions<O, F>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const state = readListState(current, options);
  const changesMoreThanPage = Object.keys(patch).some((key) => key !== 'page');
  const page = patch.page ?? (changesMoreThanPage ? 1 : state.page);
  const length = patch.length ?? state.length;
  const order = patch.order ?? state.order;
  const dir = patch.dir ?? state.dir;
  const search = (patch.search ?? state.search).trim();
  setOrDelete(next, 'page', page === 1 ? null : String(page));
  setOrDelete(next, 'length', length === defaultLengthOf(options) ? null : String(length));
  setOrDelete(next, 'order', order === options.defaultOrder ? null : order);
  setOrDelete(next, 'dir', dir === defaultDirOf(options) ? null : dir);
  setOrDelete(next, 'search', search);
  for (const [name, value] of Object.entries(patch.filters ?? {}) as [F, string | null | undefined][]) {
    setOrDelete(next, name, value ?? null);
  }
  return next;
}

export interface ListUrlControls<O extends string, F extends string = never> extends ListUrlState<O, F> {
  /** Applies a patch; each change is a history entry (the back button undoes it) unless replace is set. */
  update(patch: ListUrlPatch<O, F>, navigation?: { replace?: boolean }): void;
  setPage(page: number): void;
  setLength(length: number): void;
  setSort(order: O, dir: SortDir): void;
  setSearch(search: string): void;
  setFilter(name: F, value: string | null | undefined): void;
  /** Back to the defaults: no page, sort, search or filter in the URL. */
  reset(): void;
}

/** The list state of the current URL and setters that write it back. Pass options defined once (module scope). */
export function useListUrlState<O extends string, F extends string = never>(
  options: ListUrlOptions<O, F>,
): ListUrlControls<O, F> {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, options), [params, options]);
  const update = useCallback(
    (patch: ListUrlPatch<O, F>, navigation: { replace?: boolean } = {}) =>
      setParams((current) => writeListState(current, patch, options), {
        replace: navigation.replace ?? false,
      }),
    [setParams, options],
  );
  const reset = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of ['page', 'length', 'order', 'dir', 'search', ...(options.filters ?? [])]) {
          next.delete(name);
        }
        return next;
      }),
    [setParams, options],
  );
  return useMemo(
    () => ({
      ...state,
      update,
      reset,
      setPage: (page) => update({ page }),
      setLength: (length) => update({ length }),
      setSort: (order, dir) => update({ order, dir }),
      setSearch: (search) => update({ search }),
      setFilter: (name, value) => update({ filters: { [name]: value } as ListUrlPatch<O, F>['filters'] }),
    }),
    [state, update, reset],
  );
}

/** The list part of an API query: page, length, order, dir and a non-empty search. */
export function listQueryParams<O extends string, F extends string>(
  state: ListUrlState<O, F>,
): { page: number; length: number; order: O; dir: SortDir; search?: string } {
  return {
    page: state.page,
    length: state.length,
    order: state.order,
    dir: state.dir,
    ...(state.search ? { search: state.search } : {}),
  };
}
