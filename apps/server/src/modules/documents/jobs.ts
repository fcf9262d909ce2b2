import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DocumentService } from './service.ts';

export async function defineDocumentQueues(queue: JobQueue): Promise<void> {
  await queue.define(JOBS.generateDocument, {
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
  await queue.work(
    JOBS.generateDocument,
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
