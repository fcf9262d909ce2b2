import { Stack } from '@mantine/core';
import { findListField, type ListDefinition, type ListFields } from '@lizenzportal/domain';
import { useDeferredValue, useRef, type ReactNode } from 'react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { ListPagination } from '@/components/ui/list-pagination';
import { failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { FilterBuilder } from './filter-builder.tsx';
import { useKeepPageInRange, useListState } from './use-list-state.ts';
import { useList } from './use-list.ts';

export interface EntityListProps<Row> {
  /** The list's declaration from the domain: where it is read, its answer's key, its fields (filters, sortable columns). */
  list: ListDefinition<string, ListFields, Row>;
  /** A column sorts when its accessor names a sortable field. */
  columns: DataTableColumn<Row>[];
  idAccessor: keyof Row & string;
  rowLabel: (row: Row) => string;
  /** The spec's text for a list without rows. */
  emptyText: string;
  errorTitle: string;
  expansion?: (row: Row) => ReactNode;
  selection?: { selected: Row[]; onChange: (selected: Row[]) => void };
  /** Actions above the table (create, selection mode, export); they get the rows and the total shown. */
  toolbar?: (page: { rows: Row[]; total: number | undefined }) => ReactNode;
}

/**
 * A back-office list: the query builder, the table with its sortable columns and expandable rows,
 * paging, and an error panel with retry — its state (page, size, sort, filters) in the address.
 * Every list of the back office is this component with its own fields and columns.
 */
export function EntityList<Row>({
  list: definition,
  columns,
  idAccessor,
  rowLabel,
  emptyText,
  errorTitle,
  expansion,
  selection,
  toolbar,
}: EntityListProps<Row>) {
  const { fields } = definition;
  const [state, change] = useListState();
  const list = useList(definition, state);
  const results = useRef<HTMLDivElement>(null);
  useKeepPageInRange(list.isPlaceholderData ? undefined : list.data?.total);
  // A page of rows is the back office's largest render (on a phone's CPU, hundreds of milliseconds
  // for a full page). The query's answer arrives through a synchronous store update, which React
  // renders in one piece; deferred, the rows render in the background in slices that yield to the
  // browser, while the table keeps its loader (decision 055).
  const data = useDeferredValue(list.data);
  const rendering = data !== list.data;
  const rows: Row[] = data?.[definition.key] ?? [];
  const sortStatus: DataTableSortStatus<Row> = {
    columnAccessor: state.sort.replace(/^-/, ''),
    direction: state.sort.startsWith('-') ? 'desc' : 'asc',
  };
  const sortableColumns = columns.map((column) => ({
    ...column,
    sortable: findListField(fields, column.accessor as string)?.sortable === true,
  }));

  return (
    <Stack>
      <FilterBuilder
        fields={fields}
        filters={state.filters}
        onApply={(filters) => {
          change({ filters });
          // „Filter anwenden” is disabled once applied: the focus goes to the result, once loaded.
          focusAfterAction(() =>
            results.current?.getAttribute('aria-busy') === 'true'
              ? null
              : results.current?.querySelector('table'),
          );
        }}
      />
      {toolbar?.({ rows, total: data?.total })}
      {list.error ? (
        <ErrorBox
          title={errorTitle}
          failure={failedCall(list.error)}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <Stack ref={results} aria-busy={list.isFetching || rendering}>
          <DataTable<Row>
            idAccessor={idAccessor}
            records={rows}
            rowLabel={rowLabel}
            fetching={list.isFetching || rendering}
            noRecordsText={emptyText}
            columns={sortableColumns}
            sortStatus={sortStatus}
            onSortStatusChange={(status) =>
              change({ sort: `${status.direction === 'desc' ? '-' : ''}${String(status.columnAccessor)}` })
            }
            expansion={expansion}
            selection={selection}
          />
          {data && (
            <ListPagination state={state} total={data.total} totalExact={data.totalExact} onChange={change} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
