import { Button, Group, Paper, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { cookieBannerMessages } from '@lizenzportal/domain';
import { useLocation } from 'react-router';
import { SmartLink } from '@/components/ui/smart-link';
import { focusAfterAction, type FocusTarget } from '@/lib/focus-after-action';
import { ASSISTANT_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

/** Local-storage key of the visitor's acceptance. */
const CONSENT_KEY = 'cookie-consent';

/** After „Verstanden” the page itself comes next: its heading, or its content. */
const pageStart: FocusTarget = () =>
  document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');

/**
 * Shown until the visitor accepts it; never inside the shop's iframe (the assistant). It stands at
 * the top of the page, in its flow: the first thing Tab reaches, and never over what has the focus
 * (a fixed banner covered the footer links and, zoomed to 400 %, most of the screen; WCAG 2.4.11).
 */
export function CookieBanner() {
  const { pathname } = useLocation();
  const { data: settings } = useSettings();
  const [consent, setConsent] = useLocalStorage<string | null>({
    key: CONSENT_KEY,
    defaultValue: null,
    // Read at once: a banner that flashes up and vanishes again would be worse than none.
    getInitialValueInEffect: false,
  });
  if (consent !== null || pathname === ASSISTANT_PATH) return null;
  return (
    <Paper
      component="section"
      aria-label={cookieBannerMessages.region}
      p="md"
      radius={0}
      bg="gray.0"
      style={{ borderBottom: '1px solid var(--lp-control-border)' }}
    >
      <Group justify="center" gap="md">
        <Text size="sm" maw={720}>
          {cookieBannerMessages.text}{' '}
          <SmartLink to={settings?.privacyUrl ?? DEFAULT_LINKS.privacyUrl} size="sm">
            {cookieBannerMessages.privacyLink}
          </SmartLink>
        </Text>
        <Button
          onClick={() => {
            setConsent(new Date().toISOString());
            focusAfterAction(pageStart);
          }}
        >
          {cookieBannerMessages.accept}
        </Button>
      </Group>
    </Paper>
  );
}
