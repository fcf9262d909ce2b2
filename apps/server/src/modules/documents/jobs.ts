import type { LicenseDocumentType } from '@lizenzportal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DocumentService } from './service.ts';

export const GENERATE_DOCUMENT = 'generate-document';

export interface GenerateDocumentJob {
  licenseId: string;
  kind: LicenseDocumentType;
}

export async function defineDocumentQueues(queue: JobQueue): Promise<void> {
  await queue.define(GENERATE_DOCUMENT, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    // Rendering (about a tenth of a second) and storing one document: far less than a minute.
    expireInSeconds: 60,
  });
}

/**
 * Generates a license's document unless it exists. A license whose state no longer allows the
 * document (bound meanwhile, deleted) is a permanent answer, not a failure to retry.
 */
export async function workDocuments(queue: JobQueue, documents: DocumentService): Promise<void> {
  await queue.work<GenerateDocumentJob>(
    GENERATE_DOCUMENT,
    async (job) => {
      try {
        await documents.ensure(job.data.licenseId, job.data.kind);
      } catch (error) {
        if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) return;
        throw error;
      }
    },
    2,
  );
}
