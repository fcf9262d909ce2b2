import { type ListDefinition, type ListFields } from '@lizenzportal/domain';
import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { afterElementPaint } from '@/lib/after-first-paint';
import { failedCall } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { FilterBuilder } from './filter-builder.tsx';
import { FILTER_NOTE_TIMING } from './filter-panel.tsx';
import { ListScreen, TableSkeleton } from './list-first-screen.tsx';
import type { ListColumns, ListTableProps } from './list-table.tsx';
import { useKeepPageInRange, useListState } from './use-list-state.ts';
import { useList } from './use-list.ts';

export interface EntityListProps<Row> {
  /** The list's declaration from the domain: where it is read, its answer's key, its fields (filters, sortable columns). */
  list: ListDefinition<string, ListFields, Row>;
  /** The table and the list's columns (`listTable`). */
  table: ListTableLoader<Row>;
  idAccessor: keyof Row & string;
  rowLabel: (row: Row) => string;
  /** The spec's text for a list without rows. */
  emptyText: string;
  errorTitle: string;
  selection?: { selected: Row[]; onChange: (selected: Row[]) => void };
  /** Actions above the table (create, selection mode, export); they get the rows and the total shown. */
  toolbar?: (page: { rows: Row[]; total: number | undefined }) => ReactNode;
}

type TableProps<Row> = Omit<ListTableProps<Row>, keyof ListColumns<Row>>;

/** A list's table with its columns, loaded after the list's first screen (`listTable`). */
export interface ListTableLoader<Row> {
  Table: ComponentType<TableProps<Row>>;
  /** Its files have come: a later visit draws it at once. */
  loaded: () => boolean;
}

/**
 * A list's table: the table's library and the list's own columns (with their cells' components:
 * tags, tooltips, document buttons), which its first screen does not need (decision 072). Declared
 * once per list, at its page module's top: the list knows on its next visit that they are there.
 */
export function listTable<Row>(loadColumns: () => Promise<ListColumns<Row>>): ListTableLoader<Row> {
  let loaded = false;
  const Table = lazy(async () => {
    const [{ ListTable }, columns] = await Promise.all([import('./list-table.tsx'), loadColumns()]);
    loaded = true;
    return { default: (props: TableProps<Row>) => <ListTable<Row> {...props} {...columns} /> };
  });
  return { Table, loaded: () => loaded };
}

/**
 * A back-office list: the query builder, the table with its sortable columns and expandable rows,
 * paging, and an error panel with retry — its state (page, size, sort, filters) in the address.
 * Every list of the back office is this component with its own fields and columns.
 *
 * The list's first screen (its filters, the toolbar, a bordered loader where the table will be) is
 * drawn without the table's library and the columns' components; those are asked for once that
 * screen is painted (decision 072). On a slow phone their download and evaluation otherwise held
 * back the whole page, and a browser that counts every file loaded before a paint into that paint
 * (Lighthouse) saw the filters' note wait for them.
 */
export function EntityList<Row>({
  list: definition,
  table,
  idAccessor,
  rowLabel,
  emptyText,
  errorTitle,
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
  const { Table } = table;
  const [tableWanted, setTableWanted] = useState(table.loaded);
  const [renderedAt] = useState(() => performance.now());
  useEffect(() => {
    if (tableWanted) return;
    let mounted = true;
    void afterElementPaint(FILTER_NOTE_TIMING, renderedAt).then(() => mounted && setTableWanted(true));
    return () => {
      mounted = false;
    };
  }, [tableWanted, renderedAt]);

  const skeleton = <TableSkeleton ref={results} />;
  return (
    <ListScreen
      filters={
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
      }
      toolbar={toolbar?.({ rows, total: data?.total })}
      results={
        list.error ? (
          <ErrorBox
            title={errorTitle}
            failure={failedCall(list.error)}
            message={list.error.message}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : (
          <Suspense fallback={skeleton}>
            {tableWanted ? (
              <Table
                ref={results}
                fields={fields}
                state={state}
                change={change}
                rows={rows}
                page={data}
                fetching={list.isFetching || rendering}
                idAccessor={idAccessor}
                rowLabel={rowLabel}
                emptyText={emptyText}
                selection={selection}
              />
            ) : (
              skeleton
            )}
          </Suspense>
        )
      }
    />
  );
}
