import { exampleLicense, type License } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { licenseFacts, licenseShortName } from './license-facts.ts';

const license = exampleLicense;

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
