import { describe, expect, test } from 'vitest';
import { effectiveDvdCount, licenseCapabilities, type CapabilityInput } from './capabilities.ts';
import { withAutomaticPermissions } from './permissions.ts';
import { licenseCreateSchema, licenseUpdateSchema } from './schema.ts';

const base: CapabilityInput = {
  version: '9',
  status: 'bound',
  specialPermissions: [],
  properties: { class: 'pro', delivery: 'download', size: 1 },
};

describe('capabilities', () => {
  test('a bound download license may download the main product; a dvd license may not', () => {
    expect(licenseCapabilities(base).mainDownload).toBe(true);
    expect(
      licenseCapabilities({ ...base, properties: { ...base.properties, delivery: 'dvd' } }).mainDownload,
    ).toBe(false);
    expect(licenseCapabilities({ ...base, status: 'unbound' }).mainDownload).toBe(false);
    expect(
      licenseCapabilities({ ...base, status: 'unbound', specialPermissions: ['download'] }).mainDownload,
    ).toBe(true);
  });

  test('installers and server documentation follow version, class and permissions', () => {
    const v8Single = {
      ...base,
      version: '8' as const,
      properties: { ...base.properties, class: 'single' as const },
    };
    expect(licenseCapabilities(v8Single)).toMatchObject({
      oneClickInstaller: false,
      multistepInstaller: false,
      serverDocumentation: false,
    });
    const v8Server = { ...v8Single, properties: { ...v8Single.properties, class: 'server' as const } };
    expect(licenseCapabilities(v8Server)).toMatchObject({
      oneClickInstaller: true,
      multistepInstaller: true,
      serverDocumentation: true,
    });
    expect(
      licenseCapabilities({ ...v8Single, specialPermissions: ['metasearch-oneclick-installer'] })
        .oneClickInstaller,
    ).toBe(true);
    expect(licenseCapabilities(base).oneClickInstaller).toBe(true);
  });

  test('copying the download link needs a v9 pro license with more than one seat', () => {
    expect(licenseCapabilities(base).copyDownloadLink).toBe(false);
    expect(
      licenseCapabilities({ ...base, properties: { ...base.properties, size: 2 } }).copyDownloadLink,
    ).toBe(true);
  });

  test('the download area shows when anything can be downloaded', () => {
    const dvdOnly = {
      ...base,
      version: '8' as const,
      properties: { class: 'single' as const, delivery: 'dvd' as const, size: 1 },
    };
    expect(licenseCapabilities(dvdOnly).downloadArea).toBe(false);
    expect(licenseCapabilities(base).downloadArea).toBe(true);
  });
});

describe('DVD count', () => {
  const properties = { class: 'multiple' as const, delivery: 'dvd' as const, size: 8, dvdCount: null };
  test('version 9 stores it; older versions derive it', () => {
    expect(effectiveDvdCount({ version: '9', properties: { ...properties, dvdCount: 3 } })).toBe(3);
    expect(effectiveDvdCount({ version: '8', properties })).toBe(5);
    expect(effectiveDvdCount({ version: '8', properties: { ...properties, size: 2 } })).toBe(2);
    expect(effectiveDvdCount({ version: '8', properties: { ...properties, class: 'single' } })).toBe(1);
    expect(effectiveDvdCount({ version: '8', properties: { ...properties, delivery: 'download' } })).toBe(0);
  });
});

describe('automatic special permissions', () => {
  test('download licenses get download; server licenses the three search-product permissions', () => {
    expect(withAutomaticPermissions([], { class: 'pro', delivery: 'download' })).toEqual(['download']);
    expect(withAutomaticPermissions([], { class: 'pro', delivery: 'dvd' })).toEqual([]);
    expect(
      withAutomaticPermissions(['metasearch-server-info'], { class: 'server', delivery: 'download' }),
    ).toEqual([
      'download',
      'metasearch-server-info',
      'metasearch-multistep-installer',
      'metasearch-oneclick-installer',
    ]);
  });
});

describe('license create body', () => {
  test('fills the defaults of the back-office spec', () => {
    expect(licenseCreateSchema.parse({})).toEqual({
      version: '9',
      properties: { class: 'pro', size: 1, type: 'full', delivery: 'download', dvdCount: 0 },
      specialPermissions: [],
      notes: null,
      generateStarterDocument: true,
      count: 1,
    });
  });

  test('allows 1 to 50 licenses and no more DVDs than seats', () => {
    expect(licenseCreateSchema.safeParse({ count: 0 }).success).toBe(false);
    expect(licenseCreateSchema.safeParse({ count: 51 }).success).toBe(false);
    expect(licenseCreateSchema.safeParse({ properties: { size: 2, dvdCount: 3 } }).success).toBe(false);
    expect(licenseCreateSchema.safeParse({ extra: true }).success).toBe(false);
    expect(licenseCreateSchema.safeParse({ properties: { class: 'personal', size: 2 } }).success).toBe(false);
  });
});

describe('license update body', () => {
  test('a bound license needs holder name, e-mail and type', () => {
    const license = {
      version: '9',
      status: 'bound',
      authenticationCode: 'Erika Mustermann',
      typeOfEntry: 'manual',
      entryReference: null,
      holder: { holderType: null, name: '', email: '', contact: '' },
      notes: null,
      properties: { class: 'pro', type: 'full', size: 1, delivery: 'download', dvdCount: 0 },
      specialPermissions: [],
      downloads: { software: 0, metasearch: 0 },
      updatedToLicense: null,
      productSKU: null,
      extensionSKU: null,
    };
    const result = licenseUpdateSchema.safeParse(license);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'holder.name',
      'holder.email',
      'holder.holderType',
    ]);
    const unbound = licenseUpdateSchema.parse({ ...license, status: 'unbound' });
    expect(unbound.holder).toEqual({ holderType: null, name: null, email: null, contact: null });
  });
});
