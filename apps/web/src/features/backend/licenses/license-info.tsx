import { NewTabNote } from '@/components/ui/new-tab-note';
import { ActionIcon, Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  ENTRY_TYPE_LABEL_LANGUAGE,
  ENTRY_TYPE_LABELS,
  licensePageMessages,
  type License,
} from '@lizenzportal/domain';
import { shopOrderLink, useSettings } from '@/lib/settings';
import { loginAtRisk } from './login-at-risk.ts';

/** The spec's holder tag: the name truncated to 50 characters, the ellipsis among them. */
const HOLDER_TAG_LENGTH = 50;

const truncate = (text: string) =>
  text.length > HOLDER_TAG_LENGTH ? `${text.slice(0, HOLDER_TAG_LENGTH - 1)}…` : text;

/**
 * The INFO column: how the license came in (the order tag opens the order in the shop's admin),
 * its holder once bound, and a warning when the code the holder types at login no longer matches
 * the holder name.
 */
export function LicenseInfo({ license }: { license: License }) {
  const { holder } = license;
  const settings = useSettings().data;
  const origin = (
    <Badge
      variant="outline"
      color={license.typeOfEntry === 'order' ? 'blue' : 'gray'}
      lang={ENTRY_TYPE_LABEL_LANGUAGE}
    >
      {ENTRY_TYPE_LABELS[license.typeOfEntry]}
    </Badge>
  );
  return (
    <Group gap={6}>
      {license.typeOfEntry === 'order' && license.entryReference && settings ? (
        <Anchor
          href={shopOrderLink(settings, license.entryReference)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {origin}
          {/* The visible tag first, so the link's name starts with what is seen (WCAG 2.5.3). */}
          <span className="lp-visually-hidden">
            : {licensePageMessages.openOrderInShop(license.entryReference)}
          </span>
          <NewTabNote />
        </Anchor>
      ) : (
        origin
      )}
      {license.status === 'bound' && holder.name && (
        <Badge variant="light" color="grape" title={holder.name}>
          {truncate(holder.name)}
        </Badge>
      )}
      {loginAtRisk(license) && (
        // A focus stop of its own, so the keyboard shows its tooltip as the pointer does (a toggletip).
        <Tooltip label={licensePageMessages.loginAtRisk}>
          <ActionIcon variant="subtle" color="orange" size="sm" aria-label={licensePageMessages.loginAtRisk}>
            <IconAlertTriangle size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
