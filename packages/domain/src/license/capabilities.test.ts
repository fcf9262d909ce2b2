import { describe, expect, test } from 'vitest';
import {
  downloadCounter,
  LICENSE_DOWNLOADS,
  mayDownload,
  METASEARCH_PLATFORMS,
  releaseOf,
  type Download,
} from '../downloads/catalogue.ts';
import { licenseCapabilities, type CapabilityInput } from './capabilities.ts';
import {
  DELIVERIES,
  LICENSE_CLASSES,
  LICENSE_STATUSES,
  LICENSE_VERSIONS,
  SPECIAL_PERMISSIONS,
  type SpecialPermission,
} from './enums.ts';
import { withAutomaticPermissions } from './permissions.ts';

/** Every subset of the special permissions. */
const PERMISSION_SETS: SpecialPermission[][] = Array.from(
  { length: 2 ** SPECIAL_PERMISSIONS.length },
  (_, bits) => SPECIAL_PERMISSIONS.filter((_, index) => bits & (1 << index)),
);
const SIZES = [1, 2, 25];

/** Every license the capability function can see: versions × classes × deliveries × permissions × statuses × sizes. */
const ALL_LICENSES: CapabilityInput[] = LICENSE_VERSIONS.flatMap((version) =>
  LICENSE_CLASSES.flatMap((licenseClass) =>
    DELIVERIES.flatMap((delivery) =>
      PERMISSION_SETS.flatMap((specialPermissions) =>
        LICENSE_STATUSES.flatMap((status) =>
          SIZES.map((size) => ({
            version,
            status,
            specialPermissions,
            properties: { class: licenseClass, delivery, size },
          })),
        ),
      ),
    ),
  ),
);

const describeLicense = (license: CapabilityInput) =>
  `v${license.version} ${license.properties.class} ${license.properties.delivery} size ${license.properties.size} ${license.status} [${license.specialPermissions.join(', ')}]`;

const ALL_DOWNLOADS: Download[] = [
  ...LICENSE_DOWNLOADS.map((product) => ({ product })),
  ...METASEARCH_PLATFORMS.map((platform) => ({ product: 'metasearch' as const, platform })),
  { product: 'metasearch-multistep' },
];

describe('license capabilities (customer spec §6, DESIGN §5)', () => {
  test(`all ${ALL_LICENSES.length} licenses: each capability as the spec words it, and only once bound`, () => {
    for (const license of ALL_LICENSES) {
      const has = (permission: SpecialPermission) => license.specialPermissions.includes(permission);
      const { version, status, properties } = license;
      const bound = status === 'bound';
      const server = properties.class === 'server';
      const expected = {
        // Server documentation: class server or special permission metasearch-server-info.
        serverDocumentation: bound && (server || has('metasearch-server-info')),
        // Multistep installer: version 8 (or the imported 7) and (server class or metasearch-multistep-installer).
        multistepInstaller: bound && version !== '9' && (server || has('metasearch-multistep-installer')),
        // One-click installer: version 9, server class, or metasearch-oneclick-installer.
        oneClickInstaller: bound && (version === '9' || server || has('metasearch-oneclick-installer')),
        // Main download: bound and delivery download, or special permission download (once bound);
        // never version 7, of which the portal publishes nothing (decision 061).
        mainDownload: bound && version !== '7' && (properties.delivery === 'download' || has('download')),
        // Copy the link: version 9, class pro, size above 1 (where there is a link to copy).
        copyDownloadLink:
          bound &&
          (properties.delivery === 'download' || has('download')) &&
          version === '9' &&
          properties.class === 'pro' &&
          properties.size > 1,
      };
      const capabilities = licenseCapabilities(license);
      const downloadArea =
        expected.serverDocumentation ||
        expected.multistepInstaller ||
        expected.oneClickInstaller ||
        expected.mainDownload;
      expect(capabilities, describeLicense(license)).toEqual({
        ...expected,
        downloadArea,
        // The release notes come with every download area but version 7's.
        releaseNotes: downloadArea && version !== '7',
      });
    }
  });

  test('an unbound or disabled license downloads nothing, whatever its permissions', () => {
    const allPermissions = { specialPermissions: [...SPECIAL_PERMISSIONS] };
    for (const license of ALL_LICENSES.filter((candidate) => candidate.status !== 'bound')) {
      const capabilities = licenseCapabilities({ ...license, ...allPermissions });
      expect(Object.values(capabilities).some(Boolean), describeLicense(license)).toBe(false);
      for (const download of ALL_DOWNLOADS) expect(mayDownload(capabilities, download)).toBe(false);
    }
  });

  test('a download license gets its download once bound, through its automatic permission', () => {
    const properties = { class: 'single' as const, delivery: 'download' as const, size: 1 };
    const specialPermissions = withAutomaticPermissions([], properties);
    const license: CapabilityInput = { version: '8', status: 'unbound', specialPermissions, properties };
    expect(licenseCapabilities(license).mainDownload).toBe(false);
    expect(licenseCapabilities({ ...license, status: 'bound' }).mainDownload).toBe(true);
  });

  test('a bound v8 single DVD license has no download area; a v9 DVD license has the one-click installer', () => {
    const dvd = { class: 'single' as const, delivery: 'dvd' as const, size: 1 };
    const v8: CapabilityInput = { version: '8', status: 'bound', specialPermissions: [], properties: dvd };
    expect(licenseCapabilities(v8).downloadArea).toBe(false);
    expect(licenseCapabilities({ ...v8, version: '9' })).toMatchObject({
      downloadArea: true,
      mainDownload: false,
      oneClickInstaller: true,
    });
  });
});

describe('downloads', () => {
  test('each download is allowed by exactly its capability, for every license', () => {
    for (const license of ALL_LICENSES) {
      const capabilities = licenseCapabilities(license);
      const allowed = Object.fromEntries(
        ALL_DOWNLOADS.map((download) => [
          'platform' in download ? `${download.product}/${download.platform}` : download.product,
          mayDownload(capabilities, download),
        ]),
      );
      expect(allowed, describeLicense(license)).toEqual({
        software: capabilities.mainDownload,
        'release-notes': capabilities.releaseNotes,
        'server-installation': capabilities.serverDocumentation,
        ...Object.fromEntries(
          METASEARCH_PLATFORMS.map((platform) => [`metasearch/${platform}`, capabilities.oneClickInstaller]),
        ),
        'metasearch-multistep': capabilities.multistepInstaller,
      });
    }
  });

  test('the main product and its notes follow the license version; installers are counted as the search product', () => {
    expect(releaseOf({ product: 'software' }, '8')).toEqual({ product: 'software-8', platform: null });
    expect(releaseOf({ product: 'release-notes' }, '9')).toEqual({
      product: 'release-notes-9',
      platform: null,
    });
    expect(releaseOf({ product: 'metasearch', platform: 'linux-deb' }, '8')).toEqual({
      product: 'metasearch',
      platform: 'linux-deb',
    });
    // Version 7 (imported, decision 061): the portal publishes neither its software nor its notes.
    expect(releaseOf({ product: 'software' }, '7')).toBeNull();
    expect(releaseOf({ product: 'release-notes' }, '7')).toBeNull();
    expect(releaseOf({ product: 'metasearch', platform: 'mac' }, '7')).toEqual({
      product: 'metasearch',
      platform: 'mac',
    });
    expect(ALL_DOWNLOADS.map(downloadCounter)).toEqual([
      'software',
      'software',
      'metasearch',
      ...METASEARCH_PLATFORMS.map(() => 'metasearch'),
      'metasearch',
    ]);
  });
});
