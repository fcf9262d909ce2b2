import { Badge, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import {
  LICENSE_STATUS_LABELS,
  licensePageMessages,
  type License,
  type LicenseStatus as Status,
} from '@lizenzportal/domain';
import { backendLicensePath } from '@/lib/paths';
import { PageLink } from './page-link.tsx';

const STATUS_COLORS: Record<Status, string> = { unbound: 'yellow', bound: 'green', disabled: 'gray' };

/** The STATUS column: the status tag, and the license this one was updated to. */
export function LicenseStatus({ license }: { license: Pick<License, 'status' | 'updatedToLicense'> }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={STATUS_COLORS[license.status]} variant="light">
        {LICENSE_STATUS_LABELS[license.status]}
      </Badge>
      {license.updatedToLicense && (
        <PageLink to={backendLicensePath(license.updatedToLicense)}>
          <Group gap={2} wrap="nowrap" component="span">
            <IconArrowRight size={14} aria-hidden />
            {licensePageMessages.successor}
          </Group>
        </PageLink>
      )}
    </Group>
  );
}
