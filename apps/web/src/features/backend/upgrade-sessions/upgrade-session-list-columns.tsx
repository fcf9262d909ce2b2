import { NewTabNote } from '@/components/ui/new-tab-note';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import {
  listFieldLabel,
  UPGRADE_SESSION_LIST_FIELDS,
  upgradeSessionPageMessages,
  type UpgradeSessionDetail,
  type UpgradeSessionListFieldName,
} from '@lizenzportal/domain';
import { backendUpgradeSessionPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import type { ListColumns } from '../lists/list-table.tsx';
import { SessionKind, SessionStatus } from './upgrade-session-labels.tsx';

/** A column's or fact's label: the label of the list field it shows. */
const label = (name: UpgradeSessionListFieldName) => listFieldLabel(UPGRADE_SESSION_LIST_FIELDS, name);

/** The upgrade sessions' columns and opened rows (`/backend/upgrade-session`). */
export const upgradeSessionColumns: ListColumns<UpgradeSessionDetail> = {
  columns: [
    {
      accessor: 'purchaseType',
      title: label('purchaseType'),
      render: (session) => <SessionKind session={session} />,
    },
    {
      // A reseller's or buyer's name and address: who the session is for, at a glance.
      accessor: 'billing.name',
      title: label('billing.name'),
      render: (session) =>
        session.billing.name || session.billing.email ? (
          <Stack gap={0}>
            <Text size="sm">{session.billing.name || '-'}</Text>
            {session.billing.email && <Text size="xs">{session.billing.email}</Text>}
          </Stack>
        ) : (
          '-'
        ),
    },
    {
      accessor: 'orderId',
      title: label('orderId'),
      render: (session) => (session.orderId ? <Badge variant="outline">{session.orderId}</Badge> : '-'),
    },
    {
      accessor: 'offerNumber',
      title: label('offerNumber'),
      render: (session) => session.offerNumber ?? '-',
    },
    {
      accessor: 'status',
      title: label('status'),
      render: (session) => <SessionStatus status={session.status} />,
    },
    {
      accessor: 'createdAt',
      title: label('createdAt'),
      render: (session) => <DateTimeText value={session.createdAt} />,
    },
  ],
  expansion: (session) => (
    <Stack gap="sm" p="sm">
      <Facts
        items={[
          [label('holder.name'), session.holder?.name ?? null],
          [label('originalLicenses'), session.originalLicenses.length],
        ]}
      />
      <Anchor href={backendUpgradeSessionPath(session._id)} target="_blank" rel="noopener" size="sm">
        {upgradeSessionPageMessages.openInNewTab}
        <NewTabNote />
      </Anchor>
    </Stack>
  ),
};
