import { exampleLicense } from '@lizenzportal/domain';
import type { LicenseDocumentRenderer } from './license-document-renderer.ts';

const UNBOUND = exampleLicense();

const BOUND = exampleLicense({
  status: 'bound',
  authenticationCode: 'Muster GmbH',
  holder: { holderType: 'organization', name: 'Muster GmbH', email: 'info@example.com', contact: null },
  boundAt: '2025-01-01T00:00:00.000Z',
});

/**
 * Renders a document of each kind and drops them: the first document of a thread costs ten times
 * the next (parsing the font tables, compiling the code, laying out the fixed texts), and so it
 * is paid when the thread starts, not by a customer's document.
 */
export async function warmUp(renderer: LicenseDocumentRenderer): Promise<void> {
  await renderer.render('starter', UNBOUND, new Date());
  await renderer.render('license', BOUND, new Date());
}
