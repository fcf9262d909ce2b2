import {
  DOCUMENT_TYPE_LABELS,
  deliveryMailTexts,
  documentMessages,
  type Billing,
  type HolderData,
  purchaseCart,
  type Shipping,
} from '@lizenzportal/domain';
import type { UpgradeSessionRow } from '../../../db/schema.ts';
import { exampleOffer, renderOfferDocument, type OfferDocumentData } from '../render/offer-document.ts';
import type { DocumentKind, KindTask } from './kind.ts';

/** What an offer's document is rendered from. */
interface OfferTask extends KindTask<'offer'> {
  offer: OfferDocumentData;
}

/**
 * The offer of an upgrade session, stored in the session's folder. An offered session never
 * changes, so its PDF is made once (when its mail is sent first) and kept; of two renderings the
 * first stored is kept. Only offered sessions own one.
 */
export const offerKind: DocumentKind<UpgradeSessionRow, OfferTask> = {
  name: 'offer',
  folder: 'upgrade-sessions',
  record: 'upgradeSession',
  notGenerated: documentMessages.offerNotGenerated,
  async load(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('upgrade_session')
      .selectAll()
      .where('id', 'in', ids)
      .where('offer_number', 'is not', null)
      .execute();
    return rows.map((owner) => ({ owner, version: owner.offer_document }));
  },
  id: (row) => row.id,
  storedKey: (row) => row.offer_document,
  refusal: () => null,
  async task(db, row, now) {
    const licenses = row.original_licenses.length
      ? await db
          .selectFrom('license')
          .select(['id', 'key'])
          .where('id', 'in', row.original_licenses)
          .execute()
      : [];
    const keys = new Map(licenses.map((license) => [license.id, license.key]));
    // Loaded where read, not with this file: the render threads load the kinds (decision 032).
    const { sessionPurchase, toUpgradeSession } = await import('../../upgrade-sessions/index.ts');
    return {
      kind: 'offer',
      createdAt: row.offered_at ?? now,
      offer: {
        offerNumber: row.offer_number!,
        offerCode: row.offer_code!,
        validUntil: row.offer_valid_until!.toISOString(),
        purchaseType: row.purchase_type,
        billing: row.billing as Billing,
        shipping: row.ship_to_different_address ? (row.shipping as Shipping) : null,
        holder: row.holder as HolderData | null,
        originalLicenseKeys: row.original_licenses.flatMap((id) => keys.get(id) ?? []),
        // An offer is made of a session whose purchase is determined.
        cart: purchaseCart(sessionPurchase(toUpgradeSession(row))!, (row.billing as Billing).countryCode),
      },
    };
  },
  render: (style, { offer, createdAt }) => renderOfferDocument(style, offer, createdAt),
  example: (createdAt) => ({ kind: 'offer', offer: exampleOffer(createdAt), createdAt }),
  // Unless another rendering stored its PDF first; the session is written by its own module (decision 069).
  async point(transaction, { owner, version }, key) {
    const { pointOfferDocument } = await import('../../upgrade-sessions/index.ts');
    return pointOfferDocument(transaction, { id: owner.id, expected: version }, key);
  },
  changes: async () => [],
  fileName: (row) => `${DOCUMENT_TYPE_LABELS.offer}_${row.offer_number}.pdf`,
  label: (row) => row.offer_number!,
  mail: {
    owners: (records) => (records.upgradeSession ? [records.upgradeSession] : []),
    facts: async (_db, [row], { shopUrl }) => ({
      documentWord: deliveryMailTexts.offerWord,
      licenses: [],
      offer: {
        offerNumber: row!.offer_number!,
        offerCode: row!.offer_code!,
        validUntil: row!.offer_valid_until!.toISOString(),
        shopUrl,
      },
    }),
  },
  batch: { fileName: documentMessages.offerDocumentsFile, unknown: documentMessages.offersNotFound },
};
