import type { License } from './schema.ts';

/**
 * An unbound version 9 pro license with fixed values, changed by `overrides`: what the documents
 * are warmed up with, and the base of test and benchmark licenses.
 */
export function exampleLicense(overrides: Partial<License> = {}): License {
  return {
    _id: '00000000-0000-4000-8000-000000000000',
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
    revision: 1,
    ...overrides,
  };
}

/** The example license bound to an organization, which signs in with its name. */
export function exampleBoundLicense(): License {
  return exampleLicense({
    status: 'bound',
    authenticationCode: 'Muster GmbH',
    holder: { holderType: 'organization', name: 'Muster GmbH', email: 'info@example.com', contact: null },
    boundAt: '2025-01-01T00:00:00.000Z',
  });
}
