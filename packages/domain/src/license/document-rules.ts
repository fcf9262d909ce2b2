import type { LicenseDocumentType } from '../delivery/delivery.ts';
import type { LicenseStatus } from './enums.ts';

/**
 * Whether the back office may make a license's document now (back-office spec §4): a starter
 * document is generated or regenerated while the license is not bound; a license document is
 * generated once the license is bound, and regenerated whenever one is present (a disabled license
 * keeps its document, and a new one shows its current data). The detail page offers the button
 * and the server refuses the request by this one rule.
 */
export function mayGenerateDocument(
  kind: LicenseDocumentType,
  license: { status: LicenseStatus; documentPresent: boolean },
): boolean {
  const bound = license.status === 'bound';
  return kind === 'starter' ? !bound : bound || license.documentPresent;
}
