import type { FastifyBaseLogger } from 'fastify';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UpgradeSessionService } from './service.ts';

export async function defineUpgradeSessionQueues(queue: JobQueue): Promise<void> {
  await queue.define(JOBS.expireOffer, {
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 60,
  });
}

/**
 * Expires each offer when its 30 days are over (a job scheduled with the offer), and at start
 * every offer whose job went missing. Reading an offer checks its date as well.
 */
export async function workUpgradeSessions(
  queue: JobQueue,
  sessions: UpgradeSessionService,
  log: FastifyBaseLogger,
): Promise<void> {
  const expired = await sessions.expireDueOffers();
  if (expired > 0) log.info({ expired }, 'offers past their date expired');
  await queue.work(JOBS.expireOffer, (job) => sessions.expireOffer(job.data.sessionId));
}
