import { ThemeIcon } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { LicenseVersion } from '@lizenzportal/domain';

/** The license "image": a certificate badge in the colour of its version. */
export function LicenseImage({ version }: { version: LicenseVersion }) {
  return (
    <ThemeIcon size={72} radius="md" variant="light" color={version === '9' ? 'blue' : 'gray'} aria-hidden>
      <IconCertificate size={44} stroke={1.5} />
    </ThemeIcon>
  );
}
