import type { UseQueryResult } from '@tanstack/react-query';
import type { ListPage } from '../lib/api';
import type { ListUrlControls } from '../lib/url-state';
import type { DataTableProps } from './DataTable';

type ListTableProps<T> = Pick<
  DataTableProps<T>,
  | 'records'
  | 'total'
  | 'fetching'
  | 'error'
  | 'onRetry'
  | 'page'
  | 'length'
  | 'onPageChange'
  | 'onLengthChange'
  | 'sort'
  | 'onSortChange'
>;

/** The DataTable props that tie a table to a list kept in the URL and the query that loads it. */
export function listTableProps<T, O extends string, F extends string>(
  list: ListUrlControls<O, F>,
  query: UseQueryResult<ListPage<T>, Error>,
): ListTableProps<T> {
  return {
    records: query.data?.rows,
    total: query.data?.total,
    fetching: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
    page: list.page,
    length: list.length,
    onPageChange: list.setPage,
    onLengthChange: list.setLength,
    sort: { order: list.order, dir: list.dir },
    // the table reports the column's sortKey, which the page declared among its orders
    onSortChange: ({ order, dir }) => list.setSort(order as O, dir),
  };
}
