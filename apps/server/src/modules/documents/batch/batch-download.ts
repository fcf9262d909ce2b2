import type { Readable } from 'node:stream';
import { documentMessages } from '@lizenzportal/domain';
import { AppError } from '../../../lib/app-error.ts';
import { datedFileName } from '../../../lib/dated-file-name.ts';
import type { Loaded } from '../kinds/kind.ts';
import { DOCUMENT_KINDS, type DocumentKinds } from '../kinds/registry.ts';
import type { DocumentService } from '../service.ts';
import { mapInOrder } from './look-ahead.ts';
import { mergedPdfStream } from './merged-pdf.ts';
import { zipArchiveStream } from './zip-archive.ts';

export const BATCH_FORMATS = ['pdf', 'zip'] as const;
export type BatchFormat = (typeof BATCH_FORMATS)[number];
export const MAX_BATCH_SIZE = 1000;

/** Documents read or rendered ahead of the one being written. */
const LOOK_AHEAD = 4;
/** Keys named in an error message; the rest are counted. */
const KEYS_NAMED = 20;

export interface BatchDownload {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * Many documents of one kind as one merged PDF or one ZIP. Everything that could make a document
 * impossible is checked before the first byte is sent; the file is then streamed, reading stored
 * documents and generating missing ones as it goes.
 */
export class BatchDownloadService {
  readonly #documents: DocumentService;
  readonly #kinds: DocumentKinds;
  readonly #now: () => Date;

  constructor(dependencies: { documents: DocumentService; kinds?: DocumentKinds; now?: () => Date }) {
    this.#documents = dependencies.documents;
    this.#kinds = dependencies.kinds ?? DOCUMENT_KINDS;
    this.#now = dependencies.now ?? (() => new Date());
  }

  /**
   * The owners in the order given, duplicates removed. 404 naming unknown ids; 409 naming the
   * owners that have no such document and may not get one — never skipped silently.
   */
  async prepare(kindName: string, ids: readonly string[]): Promise<Loaded<unknown>[]> {
    const kind = this.#kinds.get(kindName);
    const unique = [...new Set(ids)];
    const loaded = await this.#documents.load(kindName, unique);
    const found = new Set(loaded.map(({ owner }) => kind.id(owner)));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new AppError('NOT_FOUND', kind.batch.unknown(enumerate(unknown)));
    const impossible = loaded.filter(({ owner }) => !kind.storedKey(owner) && kind.refusal(owner));
    if (impossible.length > 0) {
      const { many } = kind.refusal(impossible[0]!.owner)!;
      throw new AppError(
        'CONFLICT',
        `${many}: ${enumerate(impossible.map(({ owner }) => kind.label(owner)))}.`,
      );
    }
    return loaded;
  }

  open(kindName: string, format: BatchFormat, owners: readonly Loaded<unknown>[]): BatchDownload {
    const kind = this.#kinds.get(kindName);
    const now = this.#now();
    const fileName = datedFileName(`${kind.batch.fileName}.${format}`, now);
    const contents = mapInOrder(
      owners,
      LOOK_AHEAD,
      async (loaded) => (await this.#documents.current(kindName, loaded)).bytes,
    );
    if (format === 'pdf') {
      return {
        fileName,
        contentType: 'application/pdf',
        stream: mergedPdfStream(contents, fileName.replace(/\.pdf$/, '')),
      };
    }
    const names = owners.map(({ owner }) => `${kind.label(owner)}.pdf`);
    return { fileName, contentType: 'application/zip', stream: zipArchiveStream(names, contents, now) };
  }
}

function enumerate(items: readonly string[]): string {
  const named = items.slice(0, KEYS_NAMED).join(', ');
  const more = items.length - KEYS_NAMED;
  return more > 0 ? documentMessages.andMore(named, more) : named;
}
