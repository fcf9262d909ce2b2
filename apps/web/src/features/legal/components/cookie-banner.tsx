import { Affix, Box, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize, useLocalStorage } from '@mantine/hooks';
import { cookieBannerMessages } from '@lizenzportal/domain';
import { useLocation } from 'react-router';
import { SmartLink } from '@/components/ui/smart-link';
import { ASSISTANT_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

/** Local-storage key of the visitor's acceptance. */
const CONSENT_KEY = 'cookie-consent';

/** Shown until the visitor accepts it; never inside the shop's iframe (the assistant). */
export function CookieBanner() {
  const { pathname } = useLocation();
  const { data: settings } = useSettings();
  const { ref: bannerRef, height: bannerHeight } = useElementSize();
  const [consent, setConsent] = useLocalStorage<string | null>({
    key: CONSENT_KEY,
    defaultValue: null,
    // Read at once: a banner that flashes up and vanishes again would be worse than none.
    getInitialValueInEffect: false,
  });
  if (consent !== null || pathname === ASSISTANT_PATH) return null;
  return (
    <>
      {/* Room below the page, so the banner never covers its end (the footer links); the measured
          height is the banner's content, its padding comes on top. */}
      <Box h={`calc(${bannerHeight}px + 2 * var(--mantine-spacing-md))`} aria-hidden />
      <Affix position={{ bottom: 0, left: 0, right: 0 }}>
        <Paper
          ref={bannerRef}
          component="section"
          aria-label={cookieBannerMessages.region}
          shadow="lg"
          p="md"
          radius={0}
          withBorder
        >
          <Group justify="center" gap="md">
            <Text size="sm" maw={720}>
              {cookieBannerMessages.text}{' '}
              <SmartLink to={settings?.privacyUrl ?? DEFAULT_LINKS.privacyUrl} size="sm">
                {cookieBannerMessages.privacyLink}
              </SmartLink>
            </Text>
            <Button onClick={() => setConsent(new Date().toISOString())}>
              {cookieBannerMessages.accept}
            </Button>
          </Group>
        </Paper>
      </Affix>
    </>
  );
}
