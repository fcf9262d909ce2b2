import { licenseKind } from './license.ts';
import type { DocumentStyle } from '../render/pdf-builder.ts';
import type { AnyDocumentKind, KindTask } from './kind.ts';
import { offerKind } from './offer.ts';
import { starterKind } from './starter.ts';

/** A stored document's file: its kind, the moment it was made (to the millisecond), a nonce. */
const STORED_FILE = /^(.+)-\d{8}T\d{9}Z-[0-9a-f]+\.pdf$/;

/**
 * `licenses/<id>/starter-20250131T101500123Z-1a2b3c.pdf`: a new key per version of a document,
 * in the folder of the record it belongs to.
 */
export function newDocumentKey(kind: AnyDocumentKind, ownerId: string, now: Date, nonce: string): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${kind.folder}/${ownerId}/${kind.name}-${stamp}-${nonce}.pdf`;
}

/** How a kind's document is laid out: its PDF file, made from its task. */
export type Layout = (style: DocumentStyle, task: KindTask) => Promise<Uint8Array>;

/** Layouts by kind name: what a renderer renders each kind's tasks with. */
export type Layouts = Readonly<Record<string, Layout>>;

/** The kinds of documents, found by name: where a kind is registered (decision 032). */
export class DocumentKinds {
  readonly #kinds: ReadonlyMap<string, AnyDocumentKind>;

  constructor(kinds: readonly AnyDocumentKind[]) {
    this.#kinds = new Map(kinds.map((kind) => [kind.name, kind]));
  }

  get(name: string): AnyDocumentKind {
    const kind = this.#kinds.get(name);
    if (!kind) throw new Error(`no document kind "${name}" is registered`);
    return kind;
  }

  /** The kind whose documents a storage key names (`<folder>/<owner id>/<kind>-<stamp>-<nonce>.pdf`). */
  ofKey(key: string): { kind: AnyDocumentKind; ownerId: string } | undefined {
    const [folder, ownerId, file] = key.split('/');
    const kind = this.#kinds.get(STORED_FILE.exec(file ?? '')?.[1] ?? '');
    return kind && kind.folder === folder && ownerId ? { kind, ownerId } : undefined;
  }

  /** Each kind's layout by its name: how a renderer in this thread renders these kinds. */
  get layouts(): Layouts {
    return Object.fromEntries([...this.#kinds].map(([name, kind]) => [name, kind.render.bind(kind)]));
  }

  /** A task of example data of each kind: what a render thread warms up with. */
  examples(createdAt: Date): (KindTask & Record<string, unknown>)[] {
    return [...this.#kinds.values()].map(
      (kind) => kind.example(createdAt) as KindTask & Record<string, unknown>,
    );
  }

  /** These kinds and one more: how a test registers a kind of its own. */
  with(kind: AnyDocumentKind): DocumentKinds {
    return new DocumentKinds([...this.#kinds.values(), kind]);
  }
}

/**
 * Every kind of document the portal makes, one line each. The render threads load this too, for
 * the kinds' layouts and examples: a kind's file reaches other modules' code only where it reads
 * them (decision 032), so the threads load no database code.
 */
export const DOCUMENT_KINDS = new DocumentKinds([starterKind, licenseKind, offerKind]);
