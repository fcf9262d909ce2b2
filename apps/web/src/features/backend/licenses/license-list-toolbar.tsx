import { Loader, Text } from '@mantine/core';
import { licenseToolbarMessages as texts, type License } from '@lizenzportal/domain';
import { lazy, Suspense, useState } from 'react';
import { toApiQuery } from '@/lib/list-state';
import { ActionFailure } from '../components/action-failure.tsx';
import { useListState } from '../lists/use-list-state.ts';
import { receivedText, useFileDownload } from '../components/use-file-download.ts';
import { LicenseToolbarRow } from './license-toolbar-row.tsx';

// What only a click shows loads with that click: the list's first screen is drawn without the
// menu's and the dialog's code (decision 072).
const LicenseSelectionActions = lazy(async () => ({
  default: (await import('./license-selection-actions.tsx')).LicenseSelectionActions,
}));
const CreateLicensesDialog = lazy(async () => ({
  default: (await import('./create-licenses-dialog.tsx')).CreateLicensesDialog,
}));

interface LicenseListToolbarProps {
  selecting: boolean;
  onSelectingChange: (selecting: boolean) => void;
  selected: License[];
  total: number | undefined;
}

/**
 * Above the license table: create licenses, the selection mode with its multi-actions (batch
 * documents, CSV of the selection), and the CSV export of the whole filtered list — each download
 * with its progress.
 */
export function LicenseListToolbar({
  selecting,
  onSelectingChange,
  selected,
  total,
}: LicenseListToolbarProps) {
  // The dialog stays mounted once opened: it closes by `opened`, giving the focus back.
  const [creating, setCreating] = useState<boolean | undefined>(undefined);
  const [state] = useListState();
  const download = useFileDownload();
  const filteredQuery = toApiQuery({ ...state, limit: 0, skip: 0 });

  return (
    <>
      <LicenseToolbarRow
        onCreate={() => setCreating(true)}
        selecting={selecting}
        onSelectingChange={onSelectingChange}
        selectionActions={
          selecting && (
            <Suspense fallback={null}>
              <LicenseSelectionActions selected={selected} sort={state.sort} download={download} />
            </Suspense>
          )
        }
        progress={
          download.running ? (
            <>
              <Loader size="xs" aria-hidden />
              <Text size="sm">
                {download.running}: {receivedText(download.received)}
              </Text>
            </>
          ) : (
            download.done && <Text size="sm">{texts.downloaded(download.done)}</Text>
          )
        }
        failure={<ActionFailure {...download.failure} />}
        exportDisabled={total === 0 || download.running !== undefined}
        onExport={() => download.start(texts.listCsv, '/license-export', { query: filteredQuery })}
      />
      {creating !== undefined && (
        <Suspense fallback={null}>
          <CreateLicensesDialog opened={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
