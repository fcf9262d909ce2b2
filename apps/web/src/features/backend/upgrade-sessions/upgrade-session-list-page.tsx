import { Text } from '@mantine/core';
import { backOfficeMessages, UPGRADE_SESSION_LIST, upgradeSessionPageMessages } from '@lizenzportal/domain';
import { Page } from '@/components/ui/page';
import { EntityList, listTable } from '../lists/entity-list.tsx';

/** The table and its columns come after the list's first screen (decision 072). */
const TABLE = listTable(
  async () => (await import('./upgrade-session-list-columns.tsx')).upgradeSessionColumns,
);

/** `/backend/upgrade-session`: „Alle Upgrade-Sessions”, newest first. */
export function UpgradeSessionListPage() {
  return (
    <Page>
      <Text size="sm">{upgradeSessionPageMessages.intro}</Text>
      <EntityList
        list={UPGRADE_SESSION_LIST}
        table={TABLE}
        idAccessor="_id"
        rowLabel={(session) => upgradeSessionPageMessages.rowLabel(session._id)}
        emptyText={backOfficeMessages.noUpgradeSessions}
        errorTitle={backOfficeMessages.upgradeSessionsLoadFailed}
      />
    </Page>
  );
}
