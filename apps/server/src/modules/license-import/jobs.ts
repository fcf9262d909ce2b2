import type { FastifyBaseLogger } from 'fastify';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { LicenseImportUploads } from './uploads.ts';

/** How often a worker removes the files of uploads nobody ran for a day. */
const SWEEP_INTERVAL_MS = 3_600_000;

export async function defineLicenseImportQueue(queue: JobQueue): Promise<void> {
  await queue.define(JOBS.importLicenses, {
    // A run whose process was killed starts over (its heartbeat stops); a run that fails says why
    // on the page and is asked for again from there.
    retryLimit: 2,
    retryDelay: 5,
    // 5 million rows are read and checked in minutes; a run still going after this is hung.
    expireInSeconds: 3600,
  });
}

/**
 * Works the import runs, one at a time (an import holds its lock for the whole check and write),
 * and sweeps abandoned uploads at start and every hour.
 */
export async function workLicenseImports(
  queue: JobQueue,
  uploads: LicenseImportUploads,
  log: FastifyBaseLogger,
): Promise<{ stop(): void }> {
  await queue.work(JOBS.importLicenses, (job) => uploads.work(job.data.uploadId), 1, { oneAtATime: true });
  const sweep = () => {
    uploads
      .sweepAbandoned()
      .catch((error: unknown) => log.warn({ err: error }, 'abandoned license import uploads not swept'));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
