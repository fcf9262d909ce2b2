import { describe, expect, test } from 'vitest';
import { effectiveDvdCount } from './capabilities.ts';
import { withAutomaticPermissions } from './permissions.ts';
import { licenseCreateSchema, licenseUpdateSchema } from './schema.ts';

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
  test('fills the defaults of the back-office spec, but a version 9 license names its DVDs', () => {
    expect(
      licenseCreateSchema()
        .safeParse({})
        .error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['properties.dvdCount']);
    expect(licenseCreateSchema().parse({ version: '8' }).properties.dvdCount).toBeNull();
    expect(licenseCreateSchema().parse({ properties: { dvdCount: 0 } })).toEqual({
      version: '9',
      properties: { class: 'pro', size: 1, type: 'full', delivery: 'download', dvdCount: 0 },
      specialPermissions: [],
      notes: null,
      generateStarterDocument: true,
      count: 1,
    });
  });

  test('allows 1 to 50 licenses and no more DVDs than seats', () => {
    expect(licenseCreateSchema().safeParse({ properties: { dvdCount: 0 } }).success).toBe(true);
    expect(licenseCreateSchema().safeParse({ count: 0 }).success).toBe(false);
    expect(licenseCreateSchema().safeParse({ count: 51 }).success).toBe(false);
    expect(licenseCreateSchema().safeParse({ properties: { size: 2, dvdCount: 3 } }).success).toBe(false);
    expect(licenseCreateSchema().safeParse({ extra: true }).success).toBe(false);
    expect(licenseCreateSchema().safeParse({ properties: { class: 'personal', size: 2 } }).success).toBe(
      false,
    );
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
      revision: 1,
    };
    const result = licenseUpdateSchema().safeParse(license);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'holder.name',
      'holder.email',
      'holder.holderType',
    ]);
    const unbound = licenseUpdateSchema().parse({ ...license, status: 'unbound' });
    expect(unbound.holder).toEqual({ holderType: null, name: null, email: null, contact: null });
  });
});
