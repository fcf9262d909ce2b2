import { Alert, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { GRANTED_DOWNLOADS_HEADING, grantedDownloads } from '../capability-labels.ts';
import { useSignedInLicense } from '../hooks/use-signed-in-license.ts';
import { TermsAcceptance } from './terms-acceptance.tsx';

/** The address remembers accepted terms, so reloading the page does not ask again. */
const TERMS_ACCEPTED = 'didAcceptTerms';

/** `/download`: the terms first (skipped with `?didAcceptTerms`), then what the license may download. */
export function DownloadPage() {
  const license = useSignedInLicense();
  const [search, setSearch] = useSearchParams();
  if (!license) return null;
  const downloads = grantedDownloads(license);
  return (
    <Page>
      {search.has(TERMS_ACCEPTED) ? (
        <Stack>
          {downloads.length === 0 ? (
            <Text>Für diese Lizenz sind keine Downloads freigeschaltet.</Text>
          ) : (
            <>
              <Text>{GRANTED_DOWNLOADS_HEADING}</Text>
              <List>
                {downloads.map((download) => (
                  <List.Item key={download.key}>{download.label}</List.Item>
                ))}
              </List>
              <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
                Die Download-Links werden in Kürze hier auf dieser Seite bereitgestellt.
              </Alert>
            </>
          )}
        </Stack>
      ) : (
        <TermsAcceptance version={license.version} onAccept={() => setSearch({ [TERMS_ACCEPTED]: 'true' })} />
      )}
    </Page>
  );
}
