import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import {
  licenseToolbarMessages as texts,
  type License,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import { useId, useState } from 'react';
import type { FileDownload } from '../components/use-file-download.ts';

/** Multi-actions need at least two selected licenses (spec §4, §9). */
const MIN_SELECTION = 2;

const BATCHES: { kind: LicenseDocumentType; format: 'pdf' | 'zip'; label: string }[] = [
  { kind: 'starter', format: 'pdf', label: texts.starterDocumentsPdf },
  { kind: 'starter', format: 'zip', label: texts.starterDocumentsZip },
  { kind: 'license', format: 'pdf', label: texts.licenseDocumentsPdf },
  { kind: 'license', format: 'zip', label: texts.licenseDocumentsZip },
];

interface LicenseSelectionActionsProps {
  selected: License[];
  /** The list's order: the selection's CSV keeps it. */
  sort: string;
  download: FileDownload;
}

/**
 * The selection mode's actions: batch documents and the CSV of the selected licenses, in a menu
 * that opens once at least two are selected. Loaded when the selection mode is switched on: the
 * list's first screen does not show it (decision 072).
 */
export function LicenseSelectionActions({ selected, sort, download }: LicenseSelectionActionsProps) {
  const ids = selected.map((license) => license._id);
  const enough = selected.length >= MIN_SELECTION;
  // Too few selected, the actions' button stays in the tab order, described by why, and its menu
  // stays closed (decision 049).
  const [menuOpen, setMenuOpen] = useState(false);
  const fewNoteId = useId();
  return (
    <>
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
                body: { licenses: ids, sort },
              })
            }
          >
            {texts.exportSelection}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {!enough && (
        <Text size="sm" c="dimmed" id={fewNoteId}>
          {texts.selectAtLeast(MIN_SELECTION)}
        </Text>
      )}
    </>
  );
}
