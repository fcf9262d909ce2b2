import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  documentMessages,
  type AuditChange,
  type License,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB, LicenseRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FileNotFoundError, type FileStorage, type StoredFile } from '../../lib/storage/file-storage.ts';
import type { Principal } from '../../http/principal.ts';
import { toLicense } from '../licenses/index.ts';
import { mapInOrder } from './batch/look-ahead.ts';
import { zipArchiveStream } from './batch/zip-archive.ts';
import type { AnyDocumentKind, DeliveredRecords, Loaded, MailFacts } from './kinds/kind.ts';
import { DOCUMENT_KINDS, newDocumentKey, type DocumentKinds } from './kinds/registry.ts';
import type { DocumentRenderer } from './render/document-renderer.ts';
import type { DocumentRepository } from './repository.ts';
import type { FileUrlSigner, SignedFileQuery } from '../../lib/signed-urls.ts';

/** The file route of document links, below the API prefix. */
export const DOCUMENT_FILE_ROUTE = '/document/file';
/** Document links are opened at once (a new window, a mail attachment's source). */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

/** An owner changed under a generation this often in a row: give up rather than loop. */
const MAX_ATTEMPTS = 5;
/** A generation takes a fraction of a second, its job at most a minute: an older upload was abandoned. */
const ABANDONED_UPLOAD_SECONDS = 600;
/** Documents read or rendered at once for one mail (the render threads work side by side). */
const ATTACHMENTS_AHEAD = 4;

export interface DocumentServiceDependencies {
  repository: DocumentRepository;
  storage: FileStorage;
  renderer: DocumentRenderer;
  urls: FileUrlSigner;
  /** The kinds it makes and finds; the portal's registry unless a test adds one. */
  kinds?: DocumentKinds;
  now?: () => Date;
}

/** A stored document: its key, its bytes, the name it is downloaded and attached under, its owner. */
export interface StoredDocument<Owner = unknown> {
  key: string;
  bytes: Uint8Array;
  fileName: string;
  owner: Owner;
}

/**
 * More work for the transaction that points an owner at its new document, with the owner's fields
 * that changed (the document, old key → new): what the audit trail records.
 */
export type CommitWith<Owner = LicenseRow> = (
  transaction: Kysely<DB>,
  owner: Owner,
  changes: AuditChange[],
) => Promise<void>;

/**
 * Documents of every kind (`kinds/`): making them under their kind's rules, storing them, finding
 * the current one of an owner, handing them to mails and handing out short-lived signed URLs.
 */
export class DocumentService {
  readonly #repository: DocumentRepository;
  readonly #storage: FileStorage;
  readonly #renderer: DocumentRenderer;
  readonly #urls: FileUrlSigner;
  readonly #kinds: DocumentKinds;
  readonly #now: () => Date;

  constructor(dependencies: DocumentServiceDependencies) {
    this.#repository = dependencies.repository;
    this.#storage = dependencies.storage;
    this.#renderer = dependencies.renderer;
    this.#urls = dependencies.urls;
    this.#kinds = dependencies.kinds ?? DOCUMENT_KINDS;
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
   * Generates a license's document now; `commitWith` runs in the transaction that points the
   * license at it (the back office records the generation in its audit trail there).
   */
  async generate(kind: LicenseDocumentType, licenseId: string, commitWith?: CommitWith): Promise<License> {
    return toLicense((await this.make<LicenseRow>(kind, licenseId, commitWith)).owner);
  }

  /**
   * Renders the document from its owner as it is now, stores it under a new key and points the
   * owner at it. If the owner changes in between (an edit, a second generation), the document is
   * rendered again from the new state, so the stored document always matches the record it is
   * attached to; of two concurrent generations the later one wins. Earlier versions stay stored:
   * deliveries refer to the documents they sent.
   */
  async make<Owner>(
    kindName: string,
    ownerId: string,
    commitWith?: CommitWith<Owner>,
  ): Promise<StoredDocument<Owner>> {
    const kind = this.#kinds.get(kindName);
    for (let attempt = 1; ; attempt++) {
      const made = await this.#tryToMake<Owner>(kind, await this.#loadOne(kind, ownerId), commitWith);
      if (made) return made;
      if (attempt === MAX_ATTEMPTS) throw new AppError('CONFLICT', documentMessages.changedMeanwhile);
    }
  }

  /**
   * Removes the files of generations that died (or failed) before an owner pointed at them, once
   * their entry is older than any generation runs: what a killed process leaves behind.
   */
  sweepAbandonedUploads(olderThanSeconds = ABANDONED_UPLOAD_SECONDS): Promise<number> {
    return this.#repository.sweepPendingUploads(olderThanSeconds, (key) => this.#storage.delete(key));
  }

  /**
   * The key of the owner's current document, generated first when it has none yet (or its file
   * is gone) and the rules allow it: what the generation job makes sure of.
   */
  async ensure(ownerId: string, kindName: string): Promise<string> {
    const kind = this.#kinds.get(kindName);
    const key = kind.storedKey((await this.#loadOne(kind, ownerId)).owner);
    if (key && (await this.#storage.exists(key))) return key;
    return (await this.make(kindName, ownerId)).key;
  }

  /**
   * The owner's current document as loaded, generated first when there is none yet (or its file
   * is gone) and the rules allow it. Where another rendering stored first, that one is read.
   */
  async current<Owner>(kindName: string, loaded: Loaded<Owner>): Promise<StoredDocument<Owner>> {
    const kind = this.#kinds.get(kindName);
    for (let attempt = 1; ; attempt++) {
      const key: string | null = kind.storedKey(loaded.owner);
      if (key) {
        try {
          const bytes = await buffer((await this.#storage.get(key)).stream);
          return { key, bytes, fileName: kind.fileName(loaded.owner), owner: loaded.owner };
        } catch (error) {
          if (!(error instanceof FileNotFoundError)) throw error;
        }
      }
      const made = await this.#tryToMake<Owner>(kind, loaded);
      if (made) return made;
      if (attempt === MAX_ATTEMPTS) throw new AppError('CONFLICT', documentMessages.changedMeanwhile);
      loaded = await this.#loadOne(kind, kind.id(loaded.owner));
    }
  }

  /** The owners of these ids that exist, in the order asked for: what a batch is made of. */
  load<Owner>(kindName: string, ids: readonly string[]): Promise<Loaded<Owner>[]> {
    return this.#repository.load(this.#kinds.get(kindName), ids);
  }

  /** What a mail of the kind says of the records a delivery names, read in `db` (its transaction). */
  async mailFacts(
    kindName: string,
    records: DeliveredRecords,
    settings: { shopUrl: string },
    db: Kysely<DB>,
  ): Promise<MailFacts> {
    const kind = this.#kinds.get(kindName);
    const ids = kind.mail.owners(records);
    const loaded = await this.#repository.load(kind, ids, db);
    if (loaded.length !== ids.length) throw notFound(kind.record);
    return kind.mail.facts(
      db,
      loaded.map(({ owner }) => owner),
      settings,
    );
  }

  /**
   * The current documents of the records a delivery names, in their order, several read or
   * rendered at a time: what its mail attaches.
   */
  attachments(kindName: string, records: DeliveredRecords): AsyncIterable<StoredDocument> {
    const kind = this.#kinds.get(kindName);
    return mapInOrder(kind.mail.owners(records), ATTACHMENTS_AHEAD, async (id) =>
      this.current(kindName, await this.#loadOne(kind, id)),
    );
  }

  /**
   * Stored documents as one ZIP (a delivery's, decision 070), streamed in the keys' order: each is
   * read when its entry is due (a few ahead), never all at once. Each is named as its owner's
   * document is now, else by its key. 404 before the first byte when one of them is gone.
   */
  async archive(keys: readonly string[], modified: Date): Promise<Readable> {
    for await (const exists of mapInOrder(keys, ATTACHMENTS_AHEAD * 2, (key) => this.#storage.exists(key))) {
      if (!exists) throw notFound('document');
    }
    const names = await this.#fileNames(keys);
    const contents = mapInOrder(keys, ATTACHMENTS_AHEAD, async (key) =>
      buffer((await this.#storage.get(key)).stream),
    );
    return zipArchiveStream(names, contents, modified);
  }

  /** The names of stored documents in an archive: their owners' file names, each once. */
  async #fileNames(keys: readonly string[]): Promise<string[]> {
    const stored = keys.map((key) => this.#kinds.ofKey(key));
    const owners = new Map<string, unknown>();
    for (const kind of new Set(stored.flatMap((found) => (found ? [found.kind] : [])))) {
      const ids = stored.flatMap((found) => (found?.kind === kind ? [found.ownerId] : []));
      for (const { owner } of await this.#repository.load(kind, ids)) {
        owners.set(`${kind.name}/${kind.id(owner)}`, owner);
      }
    }
    const taken = new Set<string>();
    return keys.map((key, index) => {
      const found = stored[index];
      const owner = found && owners.get(`${found.kind.name}/${found.ownerId}`);
      const base = found && owner ? found.kind.fileName(owner) : key.slice(key.lastIndexOf('/') + 1);
      let name = base;
      for (let copy = 2; taken.has(name); copy++) name = base.replace(/(\.pdf)?$/, ` (${copy})$1`);
      taken.add(name);
      return name;
    });
  }

  /**
   * A signed URL of an owner's document: admins for any, a license user for its own license's.
   * A document the rules allow but no job has made yet (a license bound a moment ago, whose
   * license document is still queued) is made now, so the holder's download works at once; one
   * the rules refuse is not there (404).
   */
  async documentUrl(kindName: string, ownerId: string, principal: Principal): Promise<string> {
    if (principal.type === 'license' && principal.licenseId !== ownerId) throw new AppError('FORBIDDEN');
    const kind = this.#kinds.get(kindName);
    const { owner } = await this.#loadOne(kind, ownerId);
    const key = kind.storedKey(owner);
    if (key) return this.#urls.sign({ key, name: kind.fileName(owner) });
    if (kind.refusal(owner)) throw new AppError('NOT_FOUND', kind.notGenerated);
    const made = await this.make(kindName, ownerId);
    return this.#urls.sign({ key: made.key, name: kind.fileName(made.owner) });
  }

  /** A signed URL of any stored document (back office); named after its owner while it is its current one. */
  async urlForKey(documentKey: string): Promise<string> {
    if (!(await this.#storage.exists(documentKey))) throw notFound('document');
    const stored = this.#kinds.ofKey(documentKey);
    const [loaded] = stored ? await this.#repository.load(stored.kind, [stored.ownerId]) : [];
    const name =
      stored && loaded && stored.kind.storedKey(loaded.owner) === documentKey
        ? stored.kind.fileName(loaded.owner)
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

  async #loadOne<Owner>(kind: AnyDocumentKind, ownerId: string): Promise<Loaded<Owner>> {
    const [loaded] = await this.#repository.load<Owner>(kind, [ownerId]);
    if (!loaded) throw notFound(kind.record);
    return loaded;
  }

  /**
   * One attempt: 409 unless the kind's rule lets the document be made for the owner as read;
   * undefined when the owner changed before it could point at the new document.
   */
  async #tryToMake<Owner>(
    kind: AnyDocumentKind,
    loaded: Loaded<Owner>,
    commitWith?: CommitWith<Owner>,
  ): Promise<StoredDocument<Owner> | undefined> {
    const refusal = kind.refusal(loaded.owner);
    if (refusal) throw new AppError('CONFLICT', refusal.one);
    const now = this.#now();
    const bytes = await this.#renderer.render(await kind.task(this.#repository.db, loaded.owner, now));
    const key = newDocumentKey(kind, kind.id(loaded.owner), now, crypto.randomBytes(3).toString('hex'));
    // Recorded first, so that a process dying before the owner points at the file leaves an
    // entry behind for the sweep rather than an orphan file.
    await this.#repository.recordPendingUpload(key);
    await this.#storage.put(key, bytes, 'application/pdf');
    const owner = await this.#repository.point<Owner>(
      kind,
      loaded,
      key,
      commitWith &&
        (async (transaction, updated) =>
          commitWith(transaction, updated, await kind.changes(loaded.owner, updated))),
    );
    if (owner) return { key, bytes, fileName: kind.fileName(owner), owner };
    // Never referenced by any record: remove it before trying again.
    await this.#storage.delete(key);
    await this.#repository.forgetPendingUpload(key);
    return undefined;
  }
}
