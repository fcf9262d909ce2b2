import type { License } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { licenseFacts, licenseShortName } from './license-facts.ts';

function license(changes: Partial<License> = {}): License {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    version: '9',
    key: 'ABCDEFGHJKLM',
    startCode: '123456',
    authenticationCode: '123456',
    status: 'unbound',
    typeOfEntry: 'order',
    entryReference: '1001',
    holder: { holderType: null, name: null, email: null, contact: null },
    boundAt: null,
    notes: null,
    properties: { class: 'pro', type: 'full', size: 10, delivery: 'download', dvdCount: 2 },
    specialPermissions: ['download'],
    downloads: { software: 0, metasearch: 0 },
    starterDocument: null,
    licenseDocument: null,
    updatedToLicense: null,
    productSKU: null,
    extensionSKU: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}

const asObject = (value: License) =>
  Object.fromEntries(licenseFacts(value).map((fact) => [fact.label, fact.value]));

describe('licenseFacts', () => {
  it('shows an unbound version 9 license with start code, DVD count and open holder type', () => {
    expect(asObject(license())).toEqual({
      Lizenzart: 'Vollversion',
      Lizenzklasse: 'Pro-Lizenz',
      Auslieferung: 'Download',
      Größe: '10 Arbeitsplätze',
      'DVD-Anzahl': '2',
      Lizenzschlüssel: 'ABCD-EFGH-JKLM',
      Startcode: '123 456',
      'Lizenznehmer-Typ': 'Noch nicht festgelegt',
    });
  });

  it('shows the holder of a bound license instead of the start code', () => {
    const facts = asObject(
      license({
        status: 'bound',
        holder: {
          holderType: 'organization',
          name: 'Schule am See',
          email: 'it@schule.example',
          contact: 'Jonas',
        },
      }),
    );
    expect(facts).not.toHaveProperty('Startcode');
    expect(facts).toMatchObject({
      'Lizenznehmer-Typ': 'Organisation',
      'Name des Lizenznehmers': 'Schule am See',
      'E-Mail': 'it@schule.example',
      Ansprechpartner: 'Jonas',
    });
  });

  it('leaves out an empty contact', () => {
    const facts = asObject(
      license({
        status: 'bound',
        holder: { holderType: 'person', name: 'Anna', email: 'a@b.example', contact: null },
      }),
    );
    expect(facts).not.toHaveProperty('Ansprechpartner');
  });

  it('shows neither DVD count nor holder type for version 8', () => {
    const facts = asObject(
      license({
        version: '8',
        properties: { class: 'single', type: 'full', size: 1, delivery: 'dvd', dvdCount: null },
      }),
    );
    expect(facts).not.toHaveProperty('DVD-Anzahl');
    expect(facts).not.toHaveProperty('Lizenznehmer-Typ');
    expect(facts['Größe']).toBe('1 Arbeitsplatz');
  });

  it('names the license by class and version', () => {
    expect(licenseShortName(license())).toBe('Pro-Lizenz · Version 9');
  });
});
