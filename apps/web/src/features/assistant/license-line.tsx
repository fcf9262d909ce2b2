import { Text } from '@mantine/core';
import {
  formatLicenseKey,
  formatSeats,
  LICENSE_CLASS_LABELS,
  licenseVersion,
  type License,
} from '@lizenzportal/domain';

function LicenseKey({ licenseKey }: { licenseKey: string }) {
  return (
    <Text span fw={700} ff="monospace">
      {formatLicenseKey(licenseKey)}
    </Text>
  );
}

/** A signed-in license in one line: its key, then version, class and seats. */
export function LicenseLine({ license }: { license: License }) {
  return (
    <Text size="sm">
      <LicenseKey licenseKey={license.key} /> – {licenseVersion(license.version)},{' '}
      {LICENSE_CLASS_LABELS[license.properties.class]}, {formatSeats(license.properties.size)}
    </Text>
  );
}

/** A license a loaded offer names: by its key alone, as the offer PDF names it. */
export function LicenseKeyLine({ licenseKey }: { licenseKey: string }) {
  return (
    <Text size="sm">
      <LicenseKey licenseKey={licenseKey} />
    </Text>
  );
}
