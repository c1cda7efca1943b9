import { Button, Group, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@aforo/contracts/roles';
import type { ListPage } from '../lib/api';
import { useRoleCheck } from '../lib/current-user';
import type { ListUrlControls } from '../lib/url-state';
import { DataTable } from './DataTable';
import type { DataTableColumn } from './DataTable';
import { RowActionsMenu } from './RowActionsMenu';
import type { RowAction } from './RowActionsMenu';
import { ScreenHeader } from './ScreenHeader';
import { SearchInput } from './SearchInput';
import { showToast } from './toasts';
import { useConfirm } from './useConfirm';
import { listTableProps } from './list-table';

export interface ListScreenProps<T extends { id: string }> {
  title: string;
  description?: string;
  /** The list state in the URL (page, length, order, dir, search, filters). */
  list: ListUrlControls<string, string>;
  query: UseQueryResult<ListPage<T>, Error>;
  columns: DataTableColumn<T>[];
  /** Roles that may create, edit and delete; others see the list read-only. */
  editRoles: readonly Role[];
  /** Texts of the resource: new, deleteTitle, deleteMessage ({{name}}), deleted. */
  texts: { new: string; deleteTitle: string; deleteMessage: (row: T) => string; deleted: string };
  nameOf: (row: T) => string;
  onDelete: (row: T) => Promise<unknown>;
  /** The create (null) or edit form. */
  renderForm: (row: T | null, onClose: () => void) => ReactNode;
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  /** Further row actions of the resource, shown between edit and delete to editors. */
  rowActions?: (row: T) => RowAction[];
}

/** A list screen: header with "new", search and filters, the table with edit/delete per row. */
export function ListScreen<T extends { id: string }>({
  title,
  description,
  list,
  query,
  columns,
  editRoles,
  texts,
  nameOf,
  onDelete,
  renderForm,
  filters,
  rowActions,
}: ListScreenProps<T>) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const canEdit = useRoleCheck({ roles: editRoles }) === true;
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  const handleDelete = (row: T) =>
    confirm({
      title: texts.deleteTitle,
      message: texts.deleteMessage(row),
      confirmLabel: t('common.delete'),
      color: 'red',
      onConfirm: async () => {
        await onDelete(row);
        showToast('success', texts.deleted);
      },
    });

  const allColumns: DataTableColumn<T>[] = canEdit
    ? [
        ...columns,
        {
          accessor: 'actions',
          title: '',
          width: 56,
          render: (row) => (
            <RowActionsMenu
              label={t('common.actionsFor', { name: nameOf(row) })}
              actions={[
                { key: 'edit', label: t('common.edit'), onClick: () => setEditing(row) },
                ...(rowActions?.(row) ?? []),
                { key: 'delete', label: t('common.delete'), color: 'red', onClick: () => handleDelete(row) },
              ]}
            />
          ),
        },
      ]
    : columns;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={description}
        actions={canEdit ? <Button onClick={() => setEditing('new')}>{texts.new}</Button> : undefined}
      />
      <Group align="flex-end">
        <SearchInput value={list.search} onChange={list.setSearch} />
        {filters}
      </Group>
      <DataTable
        label={title}
        columns={allColumns}
        {...listTableProps(list, query)}
        onRowClick={canEdit ? setEditing : undefined}
      />
      {editing && (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {renderForm(editing === 'new' ? null : editing, () => setEditing(null))}
        </Fragment>
      )}
    </Stack>
  );
}
