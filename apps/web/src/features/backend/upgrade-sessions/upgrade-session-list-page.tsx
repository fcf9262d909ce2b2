import { Anchor, Badge, Stack, Text } from '@mantine/core';
import {
  backOfficeMessages,
  UPGRADE_SESSION_LIST_FIELDS,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { backendUpgradeSessionPath } from '@/lib/paths';
import { DateTimeText } from '../components/date-time-text.tsx';
import { Facts } from '../components/facts.tsx';
import { EntityList } from '../lists/entity-list.tsx';
import { SessionKind, SessionStatus } from './upgrade-session-labels.tsx';

/** `/backend/upgrade-session`: „Alle Upgrade-Sessions”, newest first. */
export function UpgradeSessionListPage() {
  return (
    <Page>
      <Text size="sm">
        Eine Upgrade-Session entsteht bei jeder Anmeldung im Lizenz-Assistenten für eine Erweiterung oder ein
        Update sowie bei Neukäufen mit Angebot.
      </Text>
      <EntityList<'items', UpgradeSessionDetail>
        resource={{ path: '/upgrade-session', key: 'items' }}
        fields={UPGRADE_SESSION_LIST_FIELDS}
        idAccessor="_id"
        rowLabel={(session) => `Upgrade-Session ${session._id}`}
        emptyText={backOfficeMessages.noUpgradeSessions}
        errorTitle={backOfficeMessages.upgradeSessionsLoadFailed}
        expansion={(session) => (
          <Stack gap="sm" p="sm">
            <Facts
              items={[
                ['Rechnungsempfänger', session.billing.name],
                ['E-Mail', session.billing.email],
                ['Lizenznehmer', session.holder?.name ?? null],
                ['Ursprüngliche Lizenzen', session.originalLicenses.length],
              ]}
            />
            <Anchor href={backendUpgradeSessionPath(session._id)} target="_blank" rel="noopener" size="sm">
              Upgrade-Session in neuem Tab öffnen
            </Anchor>
          </Stack>
        )}
        columns={[
          { accessor: 'purchaseType', title: 'Art', render: (session) => <SessionKind session={session} /> },
          {
            accessor: 'orderId',
            title: 'Bestellung',
            render: (session) => (session.orderId ? <Badge variant="outline">{session.orderId}</Badge> : '-'),
          },
          { accessor: 'offerNumber', title: 'Angebot-Nr.', render: (session) => session.offerNumber ?? '-' },
          {
            accessor: 'status',
            title: 'Status',
            render: (session) => <SessionStatus status={session.status} />,
          },
          {
            accessor: 'createdAt',
            title: 'Erzeugt am',
            render: (session) => <DateTimeText value={session.createdAt} />,
          },
        ]}
      />
    </Page>
  );
}
