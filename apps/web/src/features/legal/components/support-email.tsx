import { Anchor } from '@mantine/core';
import { SUPPORT_IN_WORDS } from '@lizenzportal/domain';
import { useSettings } from '@/lib/settings';

/** The support address as a mail link; plain words while the settings are not loaded. */
export function SupportEmail() {
  const { data: settings } = useSettings();
  if (!settings) return <>{SUPPORT_IN_WORDS}</>;
  return <Anchor href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</Anchor>;
}
