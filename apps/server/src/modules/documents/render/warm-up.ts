import type { License } from '@lizenzportal/domain';
import type { LicenseDocumentRenderer } from './license-document-renderer.ts';

const UNBOUND: License = {
  _id: '00000000-0000-4000-8000-000000000000',
  version: '9',
  key: 'ABCDEFGHJKLM',
  startCode: '123456',
  authenticationCode: '123456',
  status: 'unbound',
  typeOfEntry: 'manual',
  entryReference: 'warm-up',
  holder: { holderType: null, name: null, email: null, contact: null },
  boundAt: null,
  notes: null,
  properties: { class: 'pro', type: 'full', size: 1, delivery: 'download', dvdCount: 1 },
  specialPermissions: [],
  downloads: { software: 0, metasearch: 0 },
  starterDocument: null,
  licenseDocument: null,
  updatedToLicense: null,
  productSKU: null,
  extensionSKU: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const BOUND: License = {
  ...UNBOUND,
  status: 'bound',
  authenticationCode: 'Muster GmbH',
  holder: { holderType: 'organization', name: 'Muster GmbH', email: 'info@example.com', contact: null },
  boundAt: '2025-01-01T00:00:00.000Z',
};

/**
 * Renders a document of each kind and drops them: the first document of a thread costs ten times
 * the next (parsing the font tables, compiling the code, laying out the fixed texts), and so it
 * is paid when the thread starts, not by a customer's document.
 */
export async function warmUp(renderer: LicenseDocumentRenderer): Promise<void> {
  await renderer.render('starter', UNBOUND, new Date());
  await renderer.render('license', BOUND, new Date());
}
