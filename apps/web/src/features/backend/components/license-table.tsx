import { Badge, Stack, Text } from '@mantine/core';
import {
  formatDateTime,
  formatLicenseKey,
  LICENSE_CLASS_LABELS,
  LICENSE_STATUS_LABELS,
  type License,
  type LicenseStatus,
} from '@lizenzportal/domain';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import type { ListChange } from '@/lib/list-state';
import { LicenseInfo } from './license-info.tsx';

const STATUS_COLORS: Record<LicenseStatus, string> = { unbound: 'yellow', bound: 'green', disabled: 'gray' };

/** Only the creation date is sortable for now; `-createdAt` is newest first. */
const SORTABLE = 'createdAt';

interface LicenseTableProps {
  licenses: License[];
  sort: string;
  fetching: boolean;
  onChange: (change: ListChange) => void;
}

export function LicenseTable({ licenses, sort, fetching, onChange }: LicenseTableProps) {
  const sortStatus: DataTableSortStatus<License> = {
    columnAccessor: sort.replace(/^-/, ''),
    direction: sort.startsWith('-') ? 'desc' : 'asc',
  };
  return (
    <DataTable<License>
      idAccessor="_id"
      records={licenses}
      fetching={fetching}
      minHeight={licenses.length === 0 ? 180 : undefined}
      noRecordsText="Keine Lizenzen gefunden"
      withTableBorder
      highlightOnHover
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        onChange({ sort: `${status.direction === 'desc' ? '-' : ''}${String(status.columnAccessor)}` })
      }
      columns={[
        {
          accessor: 'key',
          title: 'Typ',
          render: (license) => (
            <Stack gap={0}>
              <Text size="sm">
                Version {license.version} · {LICENSE_CLASS_LABELS[license.properties.class]} ·{' '}
                {license.properties.size}
              </Text>
              <Text ff="monospace" size="xs" c="dimmed">
                {formatLicenseKey(license.key)}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: SORTABLE,
          title: 'Erzeugt',
          sortable: true,
          render: (license) => formatDateTime(license.createdAt),
        },
        { accessor: 'info', title: 'Info', render: (license) => <LicenseInfo license={license} /> },
        {
          accessor: 'status',
          title: 'Status',
          render: (license) => (
            <Badge color={STATUS_COLORS[license.status]} variant="light">
              {LICENSE_STATUS_LABELS[license.status]}
            </Badge>
          ),
        },
      ]}
    />
  );
}
