import { Anchor, Group, Stack, Text } from '@mantine/core';
import {
  formatLicenseKey,
  formatStartCode,
  LICENSE_CLASS_LABELS,
  licensePageMessages,
  type License,
} from '@lizenzportal/domain';
import { Link } from 'react-router';
import { backendLicensePath } from '@/lib/paths';
import { CopyableText } from '../components/copyable-text.tsx';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { label } from '../components/license-labels.ts';
import { LicenseStatus } from '../components/license-status.tsx';
import type { ListColumns } from '../lists/list-table.tsx';
import { LicenseDocumentActions } from './license-document-actions.tsx';
import { LicenseInfo } from './license-info.tsx';

/**
 * The spec writes this list's headers in capitals (TYP, ERZEUGT, …): shown so, while screen readers
 * and the sort buttons keep the words as written („Erzeugt (absteigend sortiert)”).
 */
const SPEC_HEADER = { textTransform: 'uppercase' } as const;

/** The license list's columns and opened rows (`/backend/license`). */
export const licenseColumns: ListColumns<License> = {
  columns: [
    {
      accessor: 'type',
      title: licensePageMessages.typeColumn,
      titleStyle: SPEC_HEADER,
      render: (license) => (
        <Stack gap={0}>
          <Text size="sm">
            {licensePageMessages.version(license.version)} · {LICENSE_CLASS_LABELS[license.properties.class]}{' '}
            · {license.properties.size}
          </Text>
          <Anchor
            component={Link}
            to={backendLicensePath(license._id)}
            ff="monospace"
            size="xs"
            className="lp-no-hyphens"
          >
            {formatLicenseKey(license.key)}
          </Anchor>
        </Stack>
      ),
    },
    {
      accessor: 'createdAt',
      title: label('createdAt'),
      titleStyle: SPEC_HEADER,
      render: (license) => <DateTimeText value={license.createdAt} />,
    },
    {
      accessor: 'info',
      title: licensePageMessages.infoColumn,
      titleStyle: SPEC_HEADER,
      render: (license) => <LicenseInfo license={license} />,
    },
    {
      accessor: 'status',
      title: label('status'),
      titleStyle: SPEC_HEADER,
      render: (license) => <LicenseStatus license={license} />,
    },
    {
      accessor: 'actions',
      title: licensePageMessages.actionsColumn,
      titleStyle: SPEC_HEADER,
      render: (license) => <LicenseDocumentActions license={license} />,
    },
  ],
  expansion: (license) => <LicenseRowDetails license={license} />,
};

/** The expanded row: the facts an admin looks up most, and the way to the detail page. */
function LicenseRowDetails({ license }: { license: License }) {
  return (
    <Stack gap="sm" p="sm">
      <Facts
        items={[
          [
            label('key'),
            <CopyableText key="key" text={formatLicenseKey(license.key)} label={label('key')} />,
          ],
          [
            label('startCode'),
            <CopyableText
              key="startCode"
              text={formatStartCode(license.startCode)}
              label={label('startCode')}
            />,
          ],
          [
            label('authenticationCode'),
            <CopyableText
              key="authenticationCode"
              text={license.authenticationCode}
              label={label('authenticationCode')}
            />,
          ],
          [label('_id'), <CopyableText key="id" text={license._id} label={label('_id')} />],
          [label('holder.name'), license.holder.name],
          [label('holder.email'), license.holder.email],
          [label('entryReference'), license.entryReference],
          [label('boundAt'), <DateTimeText key="boundAt" value={license.boundAt} />],
          [label('notes'), license.notes],
        ]}
      />
      <Group>
        <Anchor component={Link} to={backendLicensePath(license._id)} size="sm">
          {licensePageMessages.openDetails}
        </Anchor>
      </Group>
    </Stack>
  );
}
