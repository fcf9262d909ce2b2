import { Badge, Group, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ENTRY_TYPE_LABELS, type License } from '@lizenzportal/domain';

const HOLDER_TAG_LENGTH = 50;

const truncate = (text: string) =>
  text.length > HOLDER_TAG_LENGTH ? `${text.slice(0, HOLDER_TAG_LENGTH)}…` : text;

/**
 * The INFO column: how the license came in, its holder once bound, and a warning when the code the
 * holder types at login no longer matches the holder name.
 */
export function LicenseInfo({ license }: { license: License }) {
  const { holder } = license;
  const loginAtRisk = license.status === 'bound' && license.authenticationCode !== holder.name;
  return (
    <Group gap={6}>
      <Badge variant="outline" color={license.typeOfEntry === 'order' ? 'blue' : 'gray'}>
        {ENTRY_TYPE_LABELS[license.typeOfEntry]}
      </Badge>
      {license.status === 'bound' && holder.name && (
        <Badge variant="light" color="grape" title={holder.name}>
          {truncate(holder.name)}
        </Badge>
      )}
      {loginAtRisk && (
        <Tooltip label="Login möglicherweise nicht möglich">
          <IconAlertTriangle
            size={18}
            color="var(--mantine-color-orange-6)"
            role="img"
            aria-label="Login möglicherweise nicht möglich"
          />
        </Tooltip>
      )}
    </Group>
  );
}
