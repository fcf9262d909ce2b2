import { Anchor, Badge, Stack, Text } from '@mantine/core';
import {
  DOWNLOAD_LIST_FIELDS,
  DOWNLOAD_OBJECT_LABELS,
  downloadLogMessages,
  formatLicenseKey,
  listFieldLabel,
  METASEARCH_PLATFORM_LABELS,
  RELEASE_PRODUCT_LABELS,
  type DownloadListFieldName,
  type DownloadRecord,
} from '@lizenzportal/domain';
import { Link } from 'react-router';
import { backendLicensePath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { label as licenseLabel } from '../components/license-labels.ts';
import { LicenseStatus } from '../components/license-status.tsx';
import type { ListColumns } from '../lists/list-table.tsx';

/** A column's title: the label of the list field it shows. */
const label = (name: DownloadListFieldName) => listFieldLabel(DOWNLOAD_LIST_FIELDS, name);

/** The download log's columns and opened rows (`/backend/download`). */
export const downloadColumns: ListColumns<DownloadRecord> = {
  columns: [
    {
      accessor: 'license',
      title: label('license'),
      render: (record) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={backendLicensePath(record.license._id)}
            ff="monospace"
            size="sm"
            className="lp-no-hyphens"
          >
            {formatLicenseKey(record.license.key)}
          </Anchor>
          {record.license.holder.name && (
            <Text size="xs" c="dimmed">
              {record.license.holder.name}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'product',
      title: label('product'),
      render: (record) => (
        <Stack gap={0}>
          <Text size="sm">{RELEASE_PRODUCT_LABELS[record.product]}</Text>
          {record.platform && (
            <Text size="xs" c="dimmed">
              {METASEARCH_PLATFORM_LABELS[record.platform]}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'version', title: label('version'), render: (record) => record.version },
    {
      accessor: 'completedAt',
      title: downloadLogMessages.transferredLabel,
      render: (record) =>
        record.completedAt ? (
          <Badge color="green" variant="light">
            {downloadLogMessages.completed}
          </Badge>
        ) : (
          <Text size="sm">
            {record.bytesSent === 0
              ? downloadLogMessages.notStarted
              : downloadLogMessages.transferred(record)}
          </Text>
        ),
    },
    {
      accessor: 'createdAt',
      title: label('createdAt'),
      render: (record) => <DateTimeText value={record.createdAt} />,
    },
  ],
  expansion: (record) => (
    <Stack gap="sm" p="sm">
      <Facts
        items={[
          [label('license.holder.name'), record.license.holder.name],
          [
            licenseLabel('status'),
            <LicenseStatus key="status" license={{ ...record.license, updatedToLicense: null }} />,
          ],
          [label('object'), DOWNLOAD_OBJECT_LABELS[record.object]],
          [label('completedAt'), <DateTimeText key="completedAt" value={record.completedAt} />],
          [licenseLabel('downloads.software'), record.license.downloads.software],
          [licenseLabel('downloads.metasearch'), record.license.downloads.metasearch],
        ]}
      />
      <Anchor component={Link} to={backendLicensePath(record.license._id)} size="sm">
        {downloadLogMessages.openLicense}
      </Anchor>
    </Stack>
  ),
};
