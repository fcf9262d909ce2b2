import { Stack } from '@mantine/core';
import { findListField, type ListFields } from '@lizenzportal/domain';
import type { ReactNode, Ref } from 'react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from '@/components/ui/data-table';
import { ListPagination } from '@/components/ui/list-pagination';
import type { ListChange, ListState } from '@/lib/list-state';

/** What a list shows of each row: its columns and, where rows open, what an opened row shows. */
export interface ListColumns<Row> {
  /** A column sorts when its accessor names a sortable field of the list. */
  columns: DataTableColumn<Row>[];
  expansion?: (row: Row) => ReactNode;
}

export interface ListTableProps<Row> extends ListColumns<Row> {
  fields: ListFields;
  state: ListState;
  change: (change: ListChange) => void;
  rows: Row[];
  /** The answer whose rows are shown: paging appears with it. */
  page: { total: number; totalExact: boolean } | undefined;
  fetching: boolean;
  idAccessor: keyof Row & string;
  rowLabel: (row: Row) => string;
  emptyText: string;
  selection?: { selected: Row[]; onChange: (selected: Row[]) => void };
  /** The results' region: busy while rows load or render. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A back-office list's table and paging: the part of a list that needs the table library
 * (mantine-datatable, its scroll area, menus and checkboxes). `EntityList` loads it after the
 * list's first screen has been painted (decision 072).
 */
export function ListTable<Row>({
  fields,
  state,
  change,
  rows,
  page,
  fetching,
  columns,
  expansion,
  idAccessor,
  rowLabel,
  emptyText,
  selection,
  ref,
}: ListTableProps<Row>) {
  const sortStatus: DataTableSortStatus<Row> = {
    columnAccessor: state.sort.replace(/^-/, ''),
    direction: state.sort.startsWith('-') ? 'desc' : 'asc',
  };
  const sortableColumns = columns.map((column) => ({
    ...column,
    sortable: findListField(fields, column.accessor as string)?.sortable === true,
  }));
  return (
    <Stack ref={ref} aria-busy={fetching}>
      <DataTable<Row>
        idAccessor={idAccessor}
        records={rows}
        rowLabel={rowLabel}
        fetching={fetching}
        noRecordsText={emptyText}
        columns={sortableColumns}
        sortStatus={sortStatus}
        onSortStatusChange={(status) =>
          change({ sort: `${status.direction === 'desc' ? '-' : ''}${String(status.columnAccessor)}` })
        }
        expansion={expansion}
        selection={selection}
      />
      {page && (
        <ListPagination state={state} total={page.total} totalExact={page.totalExact} onChange={change} />
      )}
    </Stack>
  );
}
