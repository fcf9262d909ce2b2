import { JOBS } from '../../jobs/catalogue.ts';
import { defineWithDeadLetter, diedOnLastAttempt } from '../../jobs/dead-letter.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { DeliveryService } from './service.ts';

export interface MailRetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/**
 * Delivery queues: sending with retries and back-off, then the failure mark after the last try.
 * Each expiry bounds one attempt at its worst; a worker that dies is noticed by its heartbeat.
 */
export async function defineDeliveryQueues(queue: JobQueue, policy: MailRetryPolicy): Promise<void> {
  await defineWithDeadLetter(queue, JOBS.sendDelivery, JOBS.deliveryFailed, {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryDelayMax: 3600,
    // The mail server's timeouts (connect 10 s, greeting 10 s, 60 s of silence) and the documents
    // generated first: an attempt still running after this is hung, not slow.
    expireInSeconds: 180,
  });
  await queue.define(JOBS.recoverLicenses, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60,
    // The job names the address asked for: pg-boss keeps it a day after the job, not a week (decision 064).
    deleteAfterSeconds: 86_400,
  });
}

export async function workDeliveries(queue: JobQueue, deliveries: DeliveryService): Promise<void> {
  await queue.work(JOBS.sendDelivery, (job) => deliveries.send(job.data.deliveryId), 2);
  await queue.work(JOBS.deliveryFailed, (job) =>
    deliveries.giveUp(job.data.deliveryId, diedOnLastAttempt(job.sourceOutput)),
  );
  await queue.work(JOBS.recoverLicenses, (job) => deliveries.recover(job.data.email));
}
