import type { ListUrlControls } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { pageOf } from '../report-rows';

export interface ReportTableProps<T extends { pointId: string; name: string; companyName: string }> {
  label: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  /** The page, its length and the search, kept in the URL. */
  list: Pick<ListUrlControls<string, string>, 'page' | 'length' | 'search' | 'setPage' | 'setLength'>;
  fetching: boolean;
  emptyText: string;
}

/** A report's rows by page, searched by point or company: web/src/features/reports/report-rows.ts. */
export function ReportTable<T extends { pointId: string; name: string; companyName: string }>(
  props: ReportTableProps<T>,
) {
  const { label, columns, rows, list, fetching, emptyText } = props;
  const shown = pageOf(rows, list);
  return (
    <DataTable<T>
      label={label}
      columns={columns}
      records={shown.rows}
      total={shown.total}
      fetching={fetching}
      page={list.page}
      length={list.length}
      onPageChange={list.setPage}
      onLengthChange={list.setLength}
      idAccessor="pointId"
      emptyText={emptyText}
    />
  );
}
