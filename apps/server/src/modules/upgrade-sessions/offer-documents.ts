import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Billing, HolderData, Shipping, ShopProductIds } from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB, UpgradeSessionRow } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { FileNotFoundError, type FileStorage } from '../../lib/storage/file-storage.ts';
import { newDocumentKey, offerFileName } from '../documents/document-kinds.ts';
import type { DocumentRenderer } from '../documents/render/document-renderer.ts';
import type { OfferDocumentData } from '../documents/render/offer-document.ts';
import type { DocumentRepository } from '../documents/repository.ts';
import type { MailOffer } from '../deliveries/templates.ts';
import type { LicenseRepository } from '../licenses/repository.ts';
import type { UpgradeSessionRepository } from './repository.ts';
import { sessionCart } from './service.ts';

/** An offer's PDF as stored: its key, its bytes and the name it is mailed under. */
export interface OfferDocument {
  key: string;
  bytes: Uint8Array;
  fileName: string;
}

export interface OfferDocumentsDependencies {
  repository: UpgradeSessionRepository;
  licenses: LicenseRepository;
  /** Keeps the record of uploads under way (the documents module's sweep removes abandoned ones). */
  uploads: Pick<DocumentRepository, 'recordPendingUpload' | 'forgetPendingUpload'>;
  storage: FileStorage;
  renderer: DocumentRenderer;
  shopProductIds: ShopProductIds;
  shopUrl: string;
  now?: () => Date;
}

/**
 * The offer PDFs of upgrade sessions, rendered through the documents engine like any document
 * and stored in the session's folder. An offered session never changes, so its PDF is made once
 * (when its mail is sent first) and kept; the back office reaches it by its key.
 */
export class OfferDocuments {
  readonly #deps: OfferDocumentsDependencies;
  readonly #now: () => Date;

  constructor(dependencies: OfferDocumentsDependencies) {
    this.#deps = dependencies;
    this.#now = dependencies.now ?? (() => new Date());
  }

  /** What an offer's mail says of it: number, code, validity and where to order. */
  async mailFacts(sessionId: string, db?: Kysely<DB>): Promise<MailOffer> {
    const row = await this.#offered(sessionId, db);
    return {
      offerNumber: row.offer_number!,
      offerCode: row.offer_code!,
      validUntil: row.offer_valid_until!.toISOString(),
      shopUrl: this.#deps.shopUrl,
    };
  }

  /** The offer's PDF, rendered and stored first if it has none yet (or its file is gone). */
  async current(sessionId: string): Promise<OfferDocument> {
    const row = await this.#offered(sessionId);
    const fileName = offerFileName(row.offer_number!);
    if (row.offer_document) {
      try {
        const file = await this.#deps.storage.get(row.offer_document);
        return { key: row.offer_document, bytes: await buffer(file.stream), fileName };
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
      }
    }
    const now = this.#now();
    const bytes = await this.#deps.renderer.render({
      kind: 'offer',
      offer: await this.#documentData(row),
      createdAt: row.offered_at ?? now,
    });
    const key = newDocumentKey(row.id, 'offer', now, crypto.randomBytes(3).toString('hex'));
    await this.#deps.uploads.recordPendingUpload(key);
    await this.#deps.storage.put(key, bytes, 'application/pdf');
    const stored = await this.#deps.repository.setOfferDocument(row.id, row.offer_document, key);
    await this.#deps.uploads.forgetPendingUpload(key);
    if (stored) return { key, bytes, fileName };
    // Another attempt stored its rendering first: the same offer, so that one is kept.
    await this.#deps.storage.delete(key);
    return this.current(sessionId);
  }

  async #offered(sessionId: string, db?: Kysely<DB>): Promise<UpgradeSessionRow> {
    const row = await this.#deps.repository.findById(sessionId, db);
    if (!row?.offer_number) throw notFound('upgradeSession');
    return row;
  }

  async #documentData(row: UpgradeSessionRow): Promise<OfferDocumentData> {
    const licenses = await Promise.all(row.original_licenses.map((id) => this.#deps.licenses.findById(id)));
    return {
      offerNumber: row.offer_number!,
      offerCode: row.offer_code!,
      validUntil: row.offer_valid_until!.toISOString(),
      purchaseType: row.purchase_type,
      billing: row.billing as Billing,
      shipping: row.ship_to_different_address ? (row.shipping as Shipping) : null,
      holder: row.holder as HolderData | null,
      originalLicenseKeys: licenses.flatMap((license) => (license ? [license.key] : [])),
      cart: sessionCart(row, this.#deps.shopProductIds)!.cart,
    };
  }
}
