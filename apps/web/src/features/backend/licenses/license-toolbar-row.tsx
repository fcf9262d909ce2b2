import { Button, Group, Switch } from '@mantine/core';
import { IconFileImport, IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { licenseToolbarLabels as texts, pageTitles } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BACKEND_LICENSE_IMPORT_PATH } from '@/lib/paths';

interface LicenseToolbarRowProps {
  onCreate?: () => void;
  selecting?: boolean;
  onSelectingChange?: (selecting: boolean) => void;
  /** The selection's actions, beside the switch while the selection mode is on. */
  selectionActions?: ReactNode;
  /** What the running or ended download says (a live region, always there). */
  progress?: ReactNode;
  /** A failed download's message. */
  failure?: ReactNode;
  onExport?: () => void;
  exportDisabled?: boolean;
}

/**
 * The license list's toolbar: drawn by the list with its actions and, before the list's files
 * have come, as part of the list's first screen, without them (decision 078) — one layout for both.
 */
export function LicenseToolbarRow({
  onCreate,
  selecting = false,
  onSelectingChange,
  selectionActions,
  progress,
  failure,
  onExport,
  exportDisabled,
}: LicenseToolbarRowProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onCreate}>
          {pageTitles.createLicenses}
        </Button>
        <Button
          component={Link}
          to={BACKEND_LICENSE_IMPORT_PATH}
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
        >
          {pageTitles.importLicenses}
        </Button>
        <Switch
          label={texts.selectionMode}
          checked={selecting}
          onChange={(event) => onSelectingChange?.(event.currentTarget.checked)}
        />
        {selectionActions}
      </Group>
      <Group gap="sm">
        {/* Always there, so its end is said too: a live region that appears is often not read. */}
        <Group gap={6} role="status" aria-live="polite">
          {progress}
        </Group>
        {failure}
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          disabled={exportDisabled}
          onClick={onExport}
        >
          {texts.exportList}
        </Button>
      </Group>
    </Group>
  );
}
