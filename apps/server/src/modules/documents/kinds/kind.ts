import type { AuditChange, LicenseClass, MissingRecord } from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { DocumentStyle } from '../render/pdf-builder.ts';

/**
 * What a document is rendered from: its kind, that kind's own data and the date printed on it.
 * Tasks cross into the render threads, so they hold plain data only.
 */
export interface KindTask<Name extends string = string> {
  kind: Name;
  createdAt: Date;
}

/** The record a document belongs to (a license, an upgrade session) and the version it was read at. */
export interface Loaded<Owner> {
  owner: Owner;
  /** What must still hold when the owner is pointed at a new document (see `point`). */
  version: string | null;
}

/** A license as a mail lists it. */
export interface MailLicense {
  key: string;
  startCode: string;
  authenticationCode: string;
  version: string;
  class: LicenseClass;
  size: number;
  holderName: string | null;
  /** A reseller license's customer reference, which tells the reseller whose key it is. */
  customerReference: string | null;
}

/** What an offer's mail says of it. */
export interface MailOffer {
  offerNumber: string;
  offerCode: string;
  /** ISO timestamp. */
  validUntil: string;
  /** Where the assistant is reached: the shop page. */
  shopUrl: string;
}

/** What a mail says of the documents it sends: the licenses it lists, the offer it quotes. */
export interface MailFacts {
  /** The word for the attached documents („Ihr Startdokument”, „Ihre Lizenzdokumente”). */
  documentWord: string;
  licenses: MailLicense[];
  offer: MailOffer | null;
}

/** The records a delivery names: its licenses, or the upgrade session whose offer it sends. */
export interface DeliveredRecords {
  licenses: readonly string[];
  upgradeSession: string | null;
}

/** Why a document of a kind may not be made for its owner as read: for one owner, and for a batch. */
export interface Refusal {
  one: string;
  /** Followed by the names of the owners concerned. */
  many: string;
}

/**
 * One kind of document, all that the portal does with it in one place (decision 032): how its
 * owner is loaded, when it may be made, what it is rendered from and how, where it is stored and
 * found, the name it is downloaded under, what its mail says and how a batch of it is named.
 * `documents` makes, stores and finds every kind through this; `deliveries` sends what it hands
 * out. A new kind is one file and one line in `registry.ts`.
 */
export interface DocumentKind<Owner = unknown, Task extends KindTask = KindTask> {
  readonly name: Task['kind'];
  /** The folder of the owners' documents in the storage: `licenses/<id>/starter-….pdf`. */
  readonly folder: string;
  /** The record that owns the documents: what a 404 names when an owner is not there. */
  readonly record: MissingRecord;
  /** 404 text for an owner that has no such document yet (a link asked for before it was made). */
  readonly notGenerated: string;
  /** The owners of these ids that exist, each with its version (any order). */
  load(db: Kysely<DB>, ids: readonly string[]): Promise<Loaded<Owner>[]>;
  id(owner: Owner): string;
  /** The key of the owner's current document, if it has one. */
  storedKey(owner: Owner): string | null;
  /** Why the document may not be made for the owner as read; null when it may. */
  refusal(owner: Owner): Refusal | null;
  /** What the document is rendered from, now (`now` is the moment of the rendering). */
  task(db: Kysely<DB>, owner: Owner, now: Date): Promise<Task>;
  /**
   * Renders the document as a PDF file (its layout). The render threads load the registry for
   * this and `example` only: a kind's file imports other modules as types, and reaches their
   * code with `await import()` where it reads them (lint refuses a static import, decision 032).
   */
  render(style: DocumentStyle, task: Task): Promise<Uint8Array>;
  /**
   * A task of example data: what a render thread renders once when it starts, so that the first
   * document of the kind is not a customer's (it costs ten times the next).
   */
  example(createdAt: Date): Task;
  /**
   * Points the owner at its new document, in `transaction`, only if it is still the version it was
   * rendered from; the owner as updated, or undefined when it changed meanwhile.
   */
  point(transaction: Kysely<DB>, loaded: Loaded<Owner>, key: string): Promise<Owner | undefined>;
  /** What the audit trail records of the owner's change when an admin makes its document. */
  changes(before: Owner, after: Owner): Promise<AuditChange[]>;
  /** The name the owner's document is downloaded and attached under. */
  fileName(owner: Owner): string;
  /** The owner's name in a list of refusals or unknown ids, and its file's name in a ZIP. */
  label(owner: Owner): string;
  mail: {
    /** The ids of the owners whose documents a delivery of this kind attaches, in order. */
    owners(records: DeliveredRecords): readonly string[];
    /** What the mail says of them (`shopUrl`: where offers are ordered). */
    facts(db: Kysely<DB>, owners: Owner[], settings: { shopUrl: string }): Promise<MailFacts>;
  };
  batch: {
    /** The name (plural) of a batch's file: „Startdokumente”. */
    fileName: string;
    /** 404 text naming the ids asked for that have no owner. */
    unknown(ids: string): string;
  };
}

/** Any kind, as the registry and the services hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind checks its own owner and task
export type AnyDocumentKind = DocumentKind<any, any>;
