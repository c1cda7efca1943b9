import 'mantine-datatable/styles.css';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { DataTable as MantineDataTable } from 'mantine-datatable';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { MantineStyleProp } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageLengths } from '../lib/url-state';
import type { SortDir } from '../lib/url-state';

export type { DataTableColumn } from 'mantine-datatable';

export interface DataTableSort {
  /** The API order field (a column's sortKey, or its accessor when it has none). */
  order: string;
  dir: SortDir;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  records: T[] | undefined;
  /** Total rows on the server (the list's `total`). */
  total: number | undefined;
  fetching: boolean;
  error?: Error | null;
  onRetry?: () => void;
  page: number;
  length: number;
  onPageChange: (page: number) => void;
  onLengthChange: (length: number) => void;
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  idAccessor?: keyof T | ((record: T) => string);
  onRowClick?: (record: T) => void;
  rowStyle?: (record: T) => MantineStyleProp | undefined;
  /** Accessible name of the table. */
  label: string;
  /** Row selection (checkbox column) when given: the selected rows and the change handler. */
  selection?: DataTableSelection<T>;
  /** What an empty list says (default "No results"). */
  emptyText?: string;
}

export interface DataTableSelection<T> {
  selected: T[];
  onChange: (selected: T[]) => void;
  /** Accessible names of the checkboxes: every row of the page, one row. */
  allLabel: string;
  rowLabel: (record: T) => string;
}

function sortStatusOf<T>(columns: DataTableColumn<T>[], sort: DataTableSort): DataTableSortStatus<T> {
  const column = columns.find((c) => (c.sortKey ?? String(c.accessor)) === sort.order);
  return {
    columnAccessor: column?.accessor ?? sort.order,
    sortKey: sort.order,
    direction: sort.dir === 'ASC' ? 'asc' : 'desc',
  };
}

/** Every list of the app: server-side paging and sorting, a loading state and the "no results" state. */
export function DataTable<T>({
  columns,
  records,
  total,
  fetching,
  error,
  onRetry,
  page,
  length,
  onPageChange,
  onLengthChange,
  sort,
  onSortChange,
  idAccessor,
  onRowClick,
  rowStyle,
  label,
  selection,
  emptyText,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  // mantine-datatable names its sort icons in English only: give them the interface language
  useEffect(() => {
    const icons = boxRef.current?.querySelectorAll<HTMLElement>(
      '.mantine-datatable-header-cell-sortable-icon, .mantine-datatable-header-cell-sortable-unsorted-icon',
    );
    icons?.forEach((icon) => {
      const sorted = icon.classList.contains('mantine-datatable-header-cell-sortable-icon');
      const reversed = icon.classList.contains('mantine-datatable-header-cell-sortable-icon-reversed');
      icon.setAttribute(
        'aria-label',
        t(
          sorted
            ? reversed
              ? 'common.table.sortedDesc'
              : 'common.table.sortedAsc'
            : 'common.table.notSorted',
        ),
      );
    });
  });
  const sortProps =
    sort && onSortChange
      ? {
          sortStatus: sortStatusOf(columns, sort),
          onSortStatusChange: (status: DataTableSortStatus<T>) => {
            const order = status.sortKey ?? String(status.columnAccessor);
            // a newly chosen column starts ascending; the same column toggles
            const dir = order !== sort.order || status.direction === 'asc' ? 'ASC' : 'DESC';
            onSortChange({ order, dir });
          },
        }
      : {};
  return (
    <Box ref={boxRef}>
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{error.message}</Text>
            {onRetry && (
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                {t('common.retry')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <MantineDataTable<T>
        aria-label={label}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        verticalAlign="top"
        minHeight={records && records.length > 0 ? undefined : 200}
        columns={columns}
        records={records ?? []}
        fetching={fetching}
        loaderType="dots"
        noRecordsText={emptyText ?? t('common.noResults')}
        idAccessor={idAccessor ?? 'id'}
        totalRecords={total ?? 0}
        page={page}
        onPageChange={onPageChange}
        recordsPerPage={length}
        recordsPerPageOptions={[...pageLengths]}
        onRecordsPerPageChange={onLengthChange}
        recordsPerPageLabel={t('common.table.perPage')}
        paginationText={({ from, to, totalRecords }) =>
          t('common.table.range', { from, to, total: totalRecords })
        }
        getPaginationControlProps={(control) => ({
          'aria-label': control === 'previous' ? t('common.table.previous') : t('common.table.next'),
        })}
        onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
        rowStyle={rowStyle}
        {...sortProps}
        {...(selection
          ? {
              selectedRecords: selection.selected,
              onSelectedRecordsChange: selection.onChange,
              allRecordsSelectionCheckboxProps: { 'aria-label': selection.allLabel },
              getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': selection.rowLabel(record) }),
            }
          : {})}
      />
    </Box>
  );
}
