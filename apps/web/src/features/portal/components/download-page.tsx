import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DOWNLOAD_CARD_TITLES,
  downloadMessages,
  downloadTitle,
  licenseCapabilities,
  type License,
} from '@lizenzportal/domain';
import { useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { focusAfterAction, headingOf } from '@/lib/focus-after-action';
import { HOME_PATH } from '@/lib/paths';
import { fetchLicenseDownloadUrl } from '../download-api.ts';
import { useSignedInLicense } from '../hooks/use-signed-in-license.ts';
import { DownloadLink } from './download-link.tsx';
import { MainDownload } from './main-download.tsx';
import { MultistepInstaller, OneClickInstallers } from './metasearch-installers.tsx';
import { TermsAcceptance } from './terms-acceptance.tsx';
import { ModalDialog } from '@/components/ui/modal-dialog';

/** The address remembers accepted terms, so reloading the page does not ask again. */
const TERMS_ACCEPTED = 'didAcceptTerms';

type CardKey = keyof typeof DOWNLOAD_CARD_TITLES;

interface DownloadCard {
  key: CardKey;
  description: string;
}

/** The cards the license's capabilities grant (spec §2, §6), in the page's order. */
function cardsOf(license: License): DownloadCard[] {
  const capabilities = licenseCapabilities(license);
  const cards: (DownloadCard | false)[] = [
    capabilities.mainDownload && {
      key: 'mainDownload',
      description: downloadMessages.mainDescription(license.version),
    },
    capabilities.oneClickInstaller && {
      key: 'oneClickInstaller',
      description: downloadMessages.oneClickDescription,
    },
    capabilities.multistepInstaller && {
      key: 'multistepInstaller',
      description: downloadMessages.multistepDescription,
    },
    capabilities.serverDocumentation && {
      key: 'serverDocumentation',
      description: downloadMessages.serverDescription,
    },
    capabilities.releaseNotes && {
      key: 'releaseNotes',
      description: downloadMessages.releaseNotesDescription,
    },
  ];
  return cards.filter((card): card is DownloadCard => card !== false);
}

/**
 * `/download`: the terms first (skipped with `?didAcceptTerms`), then a card per download the
 * license grants, each opening its modal. Downloads need a bound license: an unbound one (or one
 * without any download) is sent to „Meine Lizenz”, where it is bound.
 */
export function DownloadPage() {
  const license = useSignedInLicense();
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<CardKey | null>(null);
  const cards = useRef<HTMLDivElement>(null);
  if (!license) return null;
  if (!licenseCapabilities(license).downloadArea) return <Navigate to={HOME_PATH} replace />;
  if (!search.has(TERMS_ACCEPTED)) {
    return (
      <Page>
        <TermsAcceptance
          version={license.version}
          onAccept={() => {
            setSearch({ [TERMS_ACCEPTED]: 'true' });
            // The terms give way to the downloads: the first card's heading.
            focusAfterAction(headingOf(() => cards.current));
          }}
        />
      </Page>
    );
  }
  const copyable = licenseCapabilities(license).copyDownloadLink;
  return (
    <Page>
      <SimpleGrid ref={cards} cols={{ base: 1, sm: 2 }}>
        {cardsOf(license).map((card) => (
          <Card key={card.key} withBorder padding="lg">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {DOWNLOAD_CARD_TITLES[card.key]}
                </Title>
                <Text size="sm">{card.description}</Text>
              </Stack>
              <Button variant="light" onClick={() => setOpen(card.key)} aria-haspopup="dialog">
                {downloadMessages.openCard(DOWNLOAD_CARD_TITLES[card.key])}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ModalDialog
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? DOWNLOAD_CARD_TITLES[open] : ''}
        size="lg"
      >
        {open === 'mainDownload' && <MainDownload license={license} copyable={copyable} />}
        {open === 'oneClickInstaller' && <OneClickInstallers license={license} />}
        {open === 'multistepInstaller' && <MultistepInstaller />}
        {open === 'serverDocumentation' && (
          <DownloadLink
            title={downloadTitle({ product: 'server-installation' }, license.version)}
            fetchUrl={() => fetchLicenseDownloadUrl(license._id, 'server-installation')}
          />
        )}
        {open === 'releaseNotes' && (
          <DownloadLink
            title={downloadTitle({ product: 'release-notes' }, license.version)}
            fetchUrl={() => fetchLicenseDownloadUrl(license._id, 'release-notes')}
          />
        )}
      </ModalDialog>
    </Page>
  );
}
