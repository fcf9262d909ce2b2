import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  METASEARCH_PLATFORM_LABELS,
  METASEARCH_PLATFORMS,
  type MetasearchPlatform,
  type ReleaseProduct,
} from '@lizenzportal/domain';
import type { ProductReleases } from '../modules/downloads/index.ts';

interface DemoRelease {
  product: ReleaseProduct;
  platform?: MetasearchPlatform;
  version: string;
  fileName: string;
}

const DEMO_RELEASES: DemoRelease[] = [
  { product: 'software-9', version: '9.2.0', fileName: 'Symbolsoftware-9-Demo-Setup.zip' },
  { product: 'software-8', version: '8.7.4', fileName: 'Symbolsoftware-8-Demo-Setup.zip' },
  { product: 'release-notes-9', version: '9.2.0', fileName: 'Versionshinweise-9.2.0.txt' },
  { product: 'release-notes-8', version: '8.7.4', fileName: 'Versionshinweise-8.7.4.txt' },
  { product: 'server-installation', version: '2025-01', fileName: 'Server-Installation.txt' },
  { product: 'metasearch-multistep', version: '3.4.1', fileName: 'Suchsoftware-Mehrstufig-3.4.1.zip' },
  ...METASEARCH_PLATFORMS.map((platform): DemoRelease => ({
    product: 'metasearch',
    platform,
    version: '3.4.1',
    fileName: `Suchsoftware-3.4.1-${platform}.zip`,
  })),
];

function demoText(release: DemoRelease): string {
  const platform = release.platform ? ` für ${METASEARCH_PLATFORM_LABELS[release.platform]}` : '';
  return [
    `Beispieldatei des Lizenzportals: ${release.product}${platform}, Version ${release.version}.`,
    'Echte Dateien veröffentlichen Sie mit:',
    `  npm run product -- publish ${release.product} <version>${release.platform ? ` --platform ${release.platform}` : ''} <datei>`,
    '',
  ].join('\n');
}

/**
 * Publishes small sample files for every product and platform when nothing is published yet, so a
 * newcomer can download something from the download area. Returns how many it published.
 */
export async function seedDemoReleases(releases: ProductReleases): Promise<number> {
  if ((await releases.latestOfEach()).length > 0) return 0;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lizenzportal-demo-releases-'));
  try {
    for (const release of DEMO_RELEASES) {
      const file = path.join(directory, release.fileName);
      await fs.writeFile(file, demoText(release));
      await releases.publish({ ...release, file });
    }
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
  return DEMO_RELEASES.length;
}
