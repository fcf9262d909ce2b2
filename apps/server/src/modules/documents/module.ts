import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { BatchDownloadService } from './batch/batch-download.ts';
import { brandingFromConfig } from './render/branding.ts';
import { loadUnicodeFonts } from './render/fonts.ts';
import { PooledDocumentRenderer } from './render/pooled-renderer.ts';
import { DocumentRepository } from './repository.ts';
import { DocumentService } from './service.ts';
import { FileUrlSigner } from '../../lib/signed-urls.ts';
import { DOCUMENT_FILE_ROUTE, DOCUMENT_LINK_SECONDS } from './service.ts';

export interface DocumentModule {
  /** Documents of every kind: generation (jobs call `ensure`), mails' attachments, URLs and files. */
  documents: DocumentService;
  batch: BatchDownloadService;
  /** Sweeps abandoned uploads now and then every ten minutes (where jobs are worked). */
  sweepAbandonedUploads(log: FastifyBaseLogger): void;
  /** Stops the sweep and the render threads once the renderings under way are done. */
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface DocumentModuleOptions {
  config: Config;
  db: Kysely<DB>;
  storage: FileStorage;
  /** The JWT secret; document URLs are signed with a key derived from it. */
  jwtSecret: string;
}

/**
 * Wires the documents module. The logo is read here, once per process. Documents are rendered in
 * worker threads that start with the first document and parse the fonts once each; the fonts are
 * parsed here too, for documents rendered in this thread while the threads start (or if they
 * cannot).
 */
export function createDocumentModule({
  config,
  db,
  storage,
  jwtSecret,
}: DocumentModuleOptions): DocumentModule {
  const repository = new DocumentRepository(db);
  const renderer = new PooledDocumentRenderer({
    branding: brandingFromConfig(config),
    fonts: loadUnicodeFonts(),
  });
  const documents = new DocumentService({
    repository,
    storage,
    renderer,
    urls: new FileUrlSigner({
      secret: jwtSecret,
      publicUrl: config.publicUrl,
      route: DOCUMENT_FILE_ROUTE,
      lifetimeSeconds: DOCUMENT_LINK_SECONDS,
    }),
  });
  let sweeping: NodeJS.Timeout | undefined;
  return {
    documents,
    batch: new BatchDownloadService({ documents }),
    sweepAbandonedUploads(log) {
      const sweep = () =>
        documents.sweepAbandonedUploads().then(
          (removed) => {
            if (removed > 0) log.warn({ removed }, 'files of abandoned document generations removed');
          },
          (error: unknown) => log.error({ err: error }, 'sweeping abandoned uploads failed'),
        );
      void sweep();
      sweeping = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    },
    close: async () => {
      clearInterval(sweeping);
      await renderer.close();
    },
  };
}
