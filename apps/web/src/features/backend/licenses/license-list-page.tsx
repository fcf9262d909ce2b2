import { backOfficeMessages, formatLicenseKey, LICENSE_LIST, type License } from '@lizenzportal/domain';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { EntityList, listTable } from '../lists/entity-list.tsx';
import { LicenseListToolbar } from './license-list-toolbar.tsx';

/** The table and its columns come after the list's first screen (decision 072). */
const TABLE = listTable(async () => (await import('./license-list-columns.tsx')).licenseColumns);

/** `/backend/license`: „Alle Lizenzen”, newest first. */
export function LicenseListPage() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<License[]>([]);
  return (
    <Page>
      <EntityList
        list={LICENSE_LIST}
        table={TABLE}
        idAccessor="_id"
        rowLabel={(license) => formatLicenseKey(license.key)}
        emptyText={backOfficeMessages.noLicensesFound}
        errorTitle={backOfficeMessages.licensesLoadFailed}
        selection={selecting ? { selected, onChange: setSelected } : undefined}
        toolbar={({ total }) => (
          <LicenseListToolbar
            selecting={selecting}
            onSelectingChange={(on) => {
              setSelecting(on);
              setSelected([]);
            }}
            selected={selected}
            total={total}
          />
        )}
      />
    </Page>
  );
}
