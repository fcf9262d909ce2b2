import { ActionIcon, Loader, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsSort,
  IconChevronRight,
  IconDatabaseOff,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import {
  DataTable as LibraryDataTable,
  type DataTableColumn,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { LOADING_LABEL, dataTableMessages } from '@lizenzportal/domain';
import 'mantine-datatable/styles.css';
import { useState, type ReactNode } from 'react';

export type { DataTableColumn, DataTableSortStatus };

interface DataTableProps<T> {
  records: T[];
  idAccessor: keyof T & string;
  /** A column with `sortable: true` gets a German sort button in its header. */
  columns: DataTableColumn<T>[];
  /** What names a row for screen readers („ABCD-EFGH-JKLM auswählen”, „Details zu … anzeigen”). */
  rowLabel: (record: T) => string;
  noRecordsText: string;
  fetching?: boolean;
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  /** Checkboxes to select rows (for actions on several records). */
  selection?: { selected: T[]; onChange: (selected: T[]) => void };
  /** Rows that open to show details, by a button at the row's start. */
  expansion?: (record: T) => ReactNode;
}

/**
 * mantine-datatable with German accessible names: every list of the portal uses this wrapper.
 * The library names its sort icons, checkboxes and page buttons in English and makes whole header
 * cells and rows clickable; here sorting is a labelled button in the header, rows open by a
 * labelled button, and paging is the portal's own `ListPagination` below the table.
 */
export function DataTable<T>({
  records,
  idAccessor,
  columns,
  rowLabel,
  noRecordsText,
  fetching,
  sortStatus,
  onSortStatusChange,
  selection,
  expansion,
}: DataTableProps<T>) {
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const idOf = (record: T) => record[idAccessor];
  const toggle = (record: T) =>
    setExpanded((open) =>
      open.includes(idOf(record)) ? open.filter((id) => id !== idOf(record)) : [...open, idOf(record)],
    );

  const expandColumn: DataTableColumn<T> = {
    accessor: '__expand',
    title: <VisuallyHidden>{dataTableMessages.detailsColumn}</VisuallyHidden>,
    width: 48,
    render: (record) => {
      const open = expanded.includes(idOf(record));
      return (
        <ActionIcon
          variant="subtle"
          aria-expanded={open}
          aria-label={dataTableMessages.toggleDetails(rowLabel(record), open)}
          onClick={() => toggle(record)}
        >
          <IconChevronRight
            aria-hidden
            size={18}
            style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
          />
        </ActionIcon>
      );
    },
  };

  const shownColumns = columns.map((column): DataTableColumn<T> =>
    column.sortable && onSortStatusChange
      ? {
          ...column,
          sortable: false,
          title: (
            <SortButton
              title={column.title ?? String(column.accessor)}
              direction={sortStatus?.columnAccessor === column.accessor ? sortStatus.direction : undefined}
              onSort={(direction) => onSortStatusChange({ columnAccessor: column.accessor, direction })}
            />
          ),
        }
      : column,
  );

  return (
    <LibraryDataTable<T>
      idAccessor={idAccessor}
      records={records}
      columns={expansion ? [expandColumn, ...shownColumns] : shownColumns}
      fetching={fetching}
      customLoader={<Loader role="status" aria-label={LOADING_LABEL} />}
      // The empty state stays in the table, invisible, while there are rows: then it says nothing
      // (screen readers read invisible text too).
      {...(records.length > 0
        ? { emptyState: <></> }
        : { noRecordsText, noRecordsIcon: <IconDatabaseOff size={28} stroke={1.5} aria-hidden /> })}
      minHeight={records.length === 0 ? 180 : undefined}
      withTableBorder
      highlightOnHover
      selectedRecords={selection?.selected}
      onSelectedRecordsChange={selection?.onChange}
      allRecordsSelectionCheckboxProps={{ 'aria-label': dataTableMessages.selectAll }}
      getRecordSelectionCheckboxProps={(record) => ({
        'aria-label': dataTableMessages.selectRow(rowLabel(record)),
      })}
      rowExpansion={
        expansion && {
          trigger: 'never',
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => expansion(record),
        }
      }
    />
  );
}

interface SortButtonProps {
  title: ReactNode;
  direction: 'asc' | 'desc' | undefined;
  onSort: (direction: 'asc' | 'desc') => void;
}

/** The header of a sortable column: its title, the current order, and a click to reverse it. */
function SortButton({ title, direction, onSort }: SortButtonProps) {
  const Icon =
    direction === 'asc' ? IconSortAscending : direction === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(direction === 'asc' ? 'desc' : 'asc')}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        fontWeight: 'inherit',
        // A button does not inherit the header's case (browsers' own style sets none).
        textTransform: 'inherit',
      }}
    >
      {title}
      {/* Read as „Erzeugt (absteigend sortiert)”; the space keeps the words apart in every browser. */}
      <VisuallyHidden>{` (${dataTableMessages.sortState[direction ?? 'none']})`}</VisuallyHidden>
      <Icon aria-hidden size={16} />
    </UnstyledButton>
  );
}
