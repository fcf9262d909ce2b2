import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { documentMessages, mayGenerateDocument, type AuditChange, type License } from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB, LicenseRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FileNotFoundError, type FileStorage, type StoredFile } from '../../lib/storage/file-storage.ts';
import type { Principal } from '../../http/principal.ts';
import { changedFields } from '../audit/audit-log.ts';
import { toLicense, UNRECORDED_FIELDS } from '../licenses/mapper.ts';
import type { LicenseDocumentType } from '@lizenzportal/domain';
import { DOCUMENT_KIND, documentFileName, newDocumentKey } from './document-kinds.ts';
import type { DocumentRenderer } from './render/document-renderer.ts';
import type { DocumentRepository } from './repository.ts';
import type { FileUrlSigner, SignedFileQuery } from '../../lib/signed-urls.ts';

/** The file route of document links, below the API prefix. */
export const DOCUMENT_FILE_ROUTE = '/document/file';
/** Document links are opened at once (a new window, a mail attachment's source). */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

/** A license changed under a generation this often in a row: give up rather than loop. */
const MAX_ATTEMPTS = 5;
/** A generation takes a fraction of a second, its job at most a minute: an older upload was abandoned. */
export const ABANDONED_UPLOAD_SECONDS = 600;

export interface DocumentServiceDependencies {
  repository: DocumentRepository;
  storage: FileStorage;
  renderer: DocumentRenderer;
  urls: FileUrlSigner;
  now?: () => Date;
}

interface GeneratedDocument {
  row: LicenseRow;
  bytes: Uint8Array;
}

/**
 * More work for the transaction that points a license at its new document, with the license's
 * fields that changed (the document, old key → new): what the audit trail records.
 */
export type CommitWith = (transaction: Kysely<DB>, row: LicenseRow, changes: AuditChange[]) => Promise<void>;

/** A license's current document: its storage key, its bytes and the row that points at it. */
export interface CurrentDocument extends GeneratedDocument {
  key: string;
}

/**
 * Starter and license documents of licenses: generating them under the rules of the back-office
 * spec (§4), storing them, and handing out short-lived signed URLs to them.
 */
export class DocumentService {
  readonly #repository: DocumentRepository;
  readonly #storage: FileStorage;
  readonly #renderer: DocumentRenderer;
  readonly #urls: FileUrlSigner;
  readonly #now: () => Date;

  constructor(dependencies: DocumentServiceDependencies) {
    this.#repository = dependencies.repository;
    this.#storage = dependencies.storage;
    this.#renderer = dependencies.renderer;
    this.#urls = dependencies.urls;
    this.#now = dependencies.now ?? (() => new Date());
  }

  /** (Re)generates the starter document of a license that is not bound; 409 once it is bound. */
  async generateStarterDocument(licenseId: string): Promise<License> {
    return this.generate('starter', licenseId);
  }

  /** (Re)generates the license document of a bound license, or one present; 409 otherwise. */
  async generateLicenseDocument(licenseId: string): Promise<License> {
    return this.generate('license', licenseId);
  }

  /**
   * Generates the document now; `commitWith` runs in the transaction that points the license at
   * it (the back office records the generation in its audit trail there).
   */
  async generate(kind: LicenseDocumentType, licenseId: string, commitWith?: CommitWith): Promise<License> {
    return toLicense((await this.#generateFile(kind, licenseId, commitWith)).row);
  }

  /**
   * Renders the document from the license as it is now, stores it under a new key and points the
   * license at it. If the license changes in between (an edit, a second generation), the document
   * is rendered again from the new state, so the stored document always matches the row it is
   * attached to; of two concurrent generations the later one wins. Earlier versions stay stored:
   * deliveries refer to the documents they sent.
   */
  async #generateFile(
    kind: LicenseDocumentType,
    licenseId: string,
    commitWith?: CommitWith,
  ): Promise<GeneratedDocument> {
    for (let attempt = 1; ; attempt++) {
      const snapshot = await this.#repository.findSnapshot(licenseId);
      if (!snapshot) throw notFound('license');
      assertMayGenerate(kind, snapshot.row);
      const now = this.#now();
      const bytes = await this.#renderer.render({ kind, license: toLicense(snapshot.row), createdAt: now });
      const key = newDocumentKey(licenseId, kind, now, crypto.randomBytes(3).toString('hex'));
      // Recorded first, so that a process dying before the license points at the file leaves an
      // entry behind for the sweep rather than an orphan file.
      await this.#repository.recordPendingUpload(key);
      await this.#storage.put(key, bytes, 'application/pdf');
      const row = await this.#repository.setDocument(
        kind,
        snapshot,
        key,
        commitWith &&
          ((transaction, updated) =>
            commitWith(
              transaction,
              updated,
              changedFields(toLicense(snapshot.row), toLicense(updated), UNRECORDED_FIELDS),
            )),
      );
      if (row) return { row, bytes };
      // Never referenced by any row: remove it before trying again.
      await this.#storage.delete(key);
      await this.#repository.forgetPendingUpload(key);
      if (attempt === MAX_ATTEMPTS) {
        throw new AppError('CONFLICT', documentMessages.changedMeanwhile);
      }
    }
  }

  /**
   * Removes the files of generations that died (or failed) before a license pointed at them, once
   * their entry is older than any generation runs: what a killed process leaves behind.
   */
  sweepAbandonedUploads(olderThanSeconds = ABANDONED_UPLOAD_SECONDS): Promise<number> {
    return this.#repository.sweepPendingUploads(olderThanSeconds, (key) => this.#storage.delete(key));
  }

  /**
   * The key of the license's current document, generated first when it has none yet (or its file
   * is gone) and the rules allow it: what a delivery attaches.
   */
  async ensure(licenseId: string, kind: LicenseDocumentType): Promise<string> {
    const row = await this.#repository.findById(licenseId);
    if (!row) throw notFound('license');
    const { column } = DOCUMENT_KIND[kind];
    const key = row[column];
    if (key && (await this.#storage.exists(key))) return key;
    return (await this.#generateFile(kind, licenseId)).row[column]!;
  }

  /**
   * A license's current document as read in `row`, generated first when there is none yet (or its
   * file is gone) and the rules allow it.
   */
  async readOrGenerate(kind: LicenseDocumentType, row: LicenseRow): Promise<CurrentDocument> {
    const { column } = DOCUMENT_KIND[kind];
    const key = row[column];
    if (key) {
      try {
        return { key, row, bytes: await buffer((await this.#storage.get(key)).stream) };
      } catch (error) {
        if (!(error instanceof FileNotFoundError)) throw error;
      }
    }
    const generated = await this.#generateFile(kind, row.id);
    return { ...generated, key: generated.row[column]! };
  }

  /** The same for a license by id: what a mail attaches. */
  async current(licenseId: string, kind: LicenseDocumentType): Promise<CurrentDocument> {
    const row = await this.#repository.findById(licenseId);
    if (!row) throw notFound('license');
    return this.readOrGenerate(kind, row);
  }

  /** A signed URL of a license's document: admins for any license, a license user for its own. */
  async documentUrl(kind: LicenseDocumentType, licenseId: string, principal: Principal): Promise<string> {
    if (principal.type === 'license' && principal.licenseId !== licenseId) throw new AppError('FORBIDDEN');
    const row = await this.#repository.findById(licenseId);
    if (!row) throw notFound('license');
    const key = row[DOCUMENT_KIND[kind].column];
    if (!key) {
      throw new AppError('NOT_FOUND', documentMessages.notGenerated(DOCUMENT_KIND[kind].name));
    }
    return this.#urls.sign({ key, name: documentFileName(kind, row.key) });
  }

  /** A signed URL of any stored document (back office); named after its license where it has one. */
  async urlForKey(documentKey: string): Promise<string> {
    if (!(await this.#storage.exists(documentKey))) throw notFound('document');
    const row = await this.#repository.findByDocumentKey(documentKey);
    const name = row
      ? documentFileName(row.starter_document === documentKey ? 'starter' : 'license', row.key)
      : documentKey.slice(documentKey.lastIndexOf('/') + 1);
    return this.#urls.sign({ key: documentKey, name });
  }

  /** Opens the file a signed URL names; 403 for a forged or expired URL. */
  async openSignedFile(query: SignedFileQuery): Promise<StoredFile> {
    const verdict = this.#urls.verify(query);
    if (verdict === 'expired') throw new AppError('FORBIDDEN', documentMessages.linkExpired);
    if (verdict === 'invalid') throw new AppError('FORBIDDEN', documentMessages.linkInvalid);
    try {
      return await this.#storage.get(query.key);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound('document');
      throw error;
    }
  }
}

/** 409 unless the rule of the back-office spec (§4) lets the document be made for the row as read. */
function assertMayGenerate(kind: LicenseDocumentType, row: LicenseRow): void {
  const { column, refusal } = DOCUMENT_KIND[kind];
  if (!mayGenerateDocument(kind, { status: row.status, documentPresent: row[column] !== null })) {
    throw new AppError('CONFLICT', refusal);
  }
}
