import { Button, Group, Loader, Menu, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconFileImport, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import {
  backOfficeMessages,
  licenseImportPageMessages,
  licenseToolbarMessages as texts,
  type License,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { toApiQuery } from '@/lib/list-state';
import { BACKEND_LICENSE_IMPORT_PATH } from '@/lib/paths';
import { ActionFailure } from '../components/action-failure.tsx';
import { useListState } from '../lists/use-list-state.ts';
import { receivedText, useFileDownload } from '../components/use-file-download.ts';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** The form loads when the dialog opens: the list's first screen does not show it (decision 055). */
const CreateLicensesForm = lazy(async () => ({
  default: (await import('./create-licenses-form.tsx')).CreateLicensesForm,
}));

/** Multi-actions need at least two selected licenses (spec §4, §9). */
const MIN_SELECTION = 2;

const BATCHES: { kind: LicenseDocumentType; format: 'pdf' | 'zip'; label: string }[] = [
  { kind: 'starter', format: 'pdf', label: texts.starterDocumentsPdf },
  { kind: 'starter', format: 'zip', label: texts.starterDocumentsZip },
  { kind: 'license', format: 'pdf', label: texts.licenseDocumentsPdf },
  { kind: 'license', format: 'zip', label: texts.licenseDocumentsZip },
];

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
  const [creating, createModal] = useDisclosure(false);
  const [state] = useListState();
  const download = useFileDownload();
  const ids = selected.map((license) => license._id);
  const enough = selecting && selected.length >= MIN_SELECTION;
  // Too few selected, the actions' button stays in the tab order, described by why, and its menu
  // stays closed (decision 049).
  const [menuOpen, setMenuOpen] = useState(false);
  const fewNoteId = useId();
  const filteredQuery = toApiQuery({ ...state, limit: 0, skip: 0 });

  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={createModal.open}>
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
          <Menu
            position="bottom-start"
            opened={menuOpen && enough}
            // Mantine would put the focus on a placeholder of its own, of no size, that says
            // nothing: the first item takes it (`data-autofocus`).
            withInitialFocusPlaceholder={false}
            onChange={(opened) => setMenuOpen(opened && enough)}
          >
            <Menu.Target>
              <Button
                variant="light"
                disabled={download.running !== undefined}
                data-disabled={!enough || undefined}
                aria-disabled={!enough || undefined}
                aria-describedby={enough ? undefined : fewNoteId}
                rightSection={<IconChevronDown size={16} aria-hidden />}
              >
                {texts.actionsFor(selected.length)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{texts.downloadDocuments}</Menu.Label>
              {BATCHES.map(({ kind, format, label }, index) => (
                <Menu.Item
                  key={label}
                  // The menu opens with the focus on its first item.
                  data-autofocus={index === 0 || undefined}
                  onClick={() =>
                    download.start(label, `/batch-download/license-documents/${kind}/${format}`, {
                      method: 'POST',
                      body: { licenses: ids },
                    })
                  }
                >
                  {label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item
                onClick={() =>
                  download.start(texts.selectionCsv, '/license-export', {
                    method: 'POST',
                    body: { licenses: ids, sort: state.sort },
                  })
                }
              >
                {texts.exportSelection}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
        {selecting && !enough && (
          <Text size="sm" c="dimmed" id={fewNoteId}>
            {texts.selectAtLeast(MIN_SELECTION)}
          </Text>
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
      <ModalDialog
        opened={creating}
        onClose={createModal.close}
        title={backOfficeMessages.createLicenses}
        size="lg"
      >
        <Suspense fallback={<PageLoader />}>
          <CreateLicensesForm onCreated={createModal.close} />
        </Suspense>
      </ModalDialog>
    </Group>
  );
}
