import type { Readable } from 'node:stream';
import { documentMessages, formatLicenseKey, mayGenerateDocument } from '@lizenzportal/domain';
import type { LicenseRow } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { LicenseDocumentType } from '@lizenzportal/domain';
import { batchFileName, DOCUMENT_KIND } from '../document-kinds.ts';
import type { DocumentRepository } from '../repository.ts';
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
 * Many licenses' documents as one merged PDF or one ZIP. Everything that could make a document
 * impossible is checked before the first byte is sent; the file is then streamed, reading stored
 * documents and generating missing ones as it goes.
 */
export class BatchDownloadService {
  readonly #repository: DocumentRepository;
  readonly #documents: DocumentService;
  readonly #now: () => Date;

  constructor(dependencies: {
    repository: DocumentRepository;
    documents: DocumentService;
    now?: () => Date;
  }) {
    this.#repository = dependencies.repository;
    this.#documents = dependencies.documents;
    this.#now = dependencies.now ?? (() => new Date());
  }

  /**
   * The licenses in the order given, duplicates removed. 404 naming unknown ids; 409 naming the
   * keys of licenses that have no such document and may not get one — never skipped silently.
   */
  async prepare(kind: LicenseDocumentType, ids: readonly string[]): Promise<LicenseRow[]> {
    const unique = [...new Set(ids)];
    const found = new Map((await this.#repository.findByIds(unique)).map((row) => [row.id, row]));
    const unknown = unique.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw new AppError('NOT_FOUND', documentMessages.licensesNotFound(enumerate(unknown)));
    }
    const rows = unique.map((id) => found.get(id)!);
    const { column, batchRefusal } = DOCUMENT_KIND[kind];
    const impossible = rows.filter(
      (row) => !row[column] && !mayGenerateDocument(kind, { status: row.status, documentPresent: false }),
    );
    if (impossible.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${batchRefusal}: ${enumerate(impossible.map((row) => formatLicenseKey(row.key)))}.`,
      );
    }
    return rows;
  }

  open(kind: LicenseDocumentType, format: BatchFormat, rows: readonly LicenseRow[]): BatchDownload {
    const now = this.#now();
    const fileName = batchFileName(kind, format, now);
    const contents = mapInOrder(
      rows,
      LOOK_AHEAD,
      async (row) => (await this.#documents.readOrGenerate(kind, row)).bytes,
    );
    if (format === 'pdf') {
      return {
        fileName,
        contentType: 'application/pdf',
        stream: mergedPdfStream(contents, fileName.replace(/\.pdf$/, '')),
      };
    }
    const names = rows.map((row) => `${formatLicenseKey(row.key)}.pdf`);
    return { fileName, contentType: 'application/zip', stream: zipArchiveStream(names, contents, now) };
  }
}

function enumerate(items: readonly string[]): string {
  const named = items.slice(0, KEYS_NAMED).join(', ');
  const more = items.length - KEYS_NAMED;
  return more > 0 ? documentMessages.andMore(named, more) : named;
}
