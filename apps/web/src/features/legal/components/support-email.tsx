import { Anchor } from '@mantine/core';
import { useSettings } from '@/lib/settings';

/** The support address as a mail link; plain words while the settings are not loaded. */
export function SupportEmail() {
  const { data: settings } = useSettings();
  if (!settings) return <>unseren Support</>;
  return <Anchor href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</Anchor>;
}
