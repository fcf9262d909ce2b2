import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { BatchDownloadService } from './batch/batch-download.ts';
import { brandingFromConfig } from './render/branding.ts';
import { loadUnicodeFonts } from './render/fonts.ts';
import { LicenseDocumentRenderer } from './render/license-document-renderer.ts';
import { DocumentRepository } from './repository.ts';
import { DocumentService } from './service.ts';
import { DocumentUrlSigner } from './signed-urls.ts';

export interface DocumentModule {
  /** Generation, URLs and files; `generateStarterDocument(id)` / `generateLicenseDocument(id)` for jobs. */
  documents: DocumentService;
  batch: BatchDownloadService;
}

export interface DocumentModuleOptions {
  config: Config;
  db: Kysely<DB>;
  storage: FileStorage;
  /** The JWT secret; document URLs are signed with a key derived from it. */
  jwtSecret: string;
}

/** Wires the documents module. Fonts and the logo are loaded here, once per process. */
export function createDocumentModule({
  config,
  db,
  storage,
  jwtSecret,
}: DocumentModuleOptions): DocumentModule {
  const repository = new DocumentRepository(db);
  const documents = new DocumentService({
    repository,
    storage,
    renderer: new LicenseDocumentRenderer({
      branding: brandingFromConfig(config),
      fonts: loadUnicodeFonts(),
    }),
    urls: new DocumentUrlSigner({ secret: jwtSecret, publicUrl: config.publicUrl }),
  });
  return { documents, batch: new BatchDownloadService({ repository, documents }) };
}
