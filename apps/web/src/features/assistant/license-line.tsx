import { Text } from '@mantine/core';
import {
  assistantScreens,
  formatLicenseKey,
  LICENSE_CLASS_LABELS,
  licenseVersion,
  type License,
} from '@lizenzportal/domain';

/** A signed-in license in one line: its key, then version, class and seats. */
export function LicenseLine({ license }: { license: License }) {
  return (
    <Text size="sm">
      <Text span fw={700} ff="monospace">
        {formatLicenseKey(license.key)}
      </Text>{' '}
      – {licenseVersion(license.version)}, {LICENSE_CLASS_LABELS[license.properties.class]},{' '}
      {assistantScreens.licenseSeats(license.properties.size)}
    </Text>
  );
}
