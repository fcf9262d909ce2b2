import { Button, Group, Loader, Switch, Text } from '@mantine/core';
import { IconFileImport, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import {
  backOfficeMessages,
  licenseImportPageMessages,
  licenseToolbarMessages as texts,
  type License,
} from '@lizenzportal/domain';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toApiQuery } from '@/lib/list-state';
import { BACKEND_LICENSE_IMPORT_PATH } from '@/lib/paths';
import { ActionFailure } from '../components/action-failure.tsx';
import { useListState } from '../lists/use-list-state.ts';
import { receivedText, useFileDownload } from '../components/use-file-download.ts';

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
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {backOfficeMessages.createLicenses}
        </Button>
        <Button
          component={Link}
          to={BACKEND_LICENSE_IMPORT_PATH}
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
        >
          {licenseImportPageMessages.openImport}
        </Button>
        <Switch
          label={texts.selectionMode}
          checked={selecting}
          onChange={(event) => onSelectingChange(event.currentTarget.checked)}
        />
        {selecting && (
          <Suspense fallback={null}>
            <LicenseSelectionActions selected={selected} sort={state.sort} download={download} />
          </Suspense>
        )}
      </Group>
      <Group gap="sm">
        {/* Always there, so its end is said too: a live region that appears is often not read. */}
        <Group gap={6} role="status" aria-live="polite">
          {download.running ? (
            <>
              <Loader size="xs" aria-hidden />
              <Text size="sm">
                {download.running}: {receivedText(download.received)}
              </Text>
            </>
          ) : (
            download.done && <Text size="sm">{texts.downloaded(download.done)}</Text>
          )}
        </Group>
        <ActionFailure {...download.failure} />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          disabled={total === 0 || download.running !== undefined}
          onClick={() => download.start(texts.listCsv, '/license-export', { query: filteredQuery })}
        >
          {texts.exportList}
        </Button>
      </Group>
      {creating !== undefined && (
        <Suspense fallback={null}>
          <CreateLicensesDialog opened={creating} onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Group>
  );
}
