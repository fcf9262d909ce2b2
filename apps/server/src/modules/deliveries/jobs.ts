import { JOBS } from '../../jobs/catalogue.ts';
import { ABANDONED_JOB_MESSAGE, type JobQueue } from '../../jobs/queue.ts';
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
  await queue.define(JOBS.deliveryFailed, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  });
  await queue.define(JOBS.sendDelivery, {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    // The mail server's timeouts (connect 10 s, greeting 10 s, 60 s of silence) and the documents
    // generated first: an attempt still running after this is hung, not slow.
    expireInSeconds: 180,
    deadLetter: JOBS.deliveryFailed.name,
  });
  await queue.define(JOBS.recoverLicenses, {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  });
}

export async function workDeliveries(queue: JobQueue, deliveries: DeliveryService): Promise<void> {
  await queue.work(JOBS.sendDelivery, (job) => deliveries.send(job.data.deliveryId), 2);
  await queue.work(JOBS.deliveryFailed, (job) =>
    deliveries.giveUp(job.data.deliveryId, diedOnLastAttempt(job.sourceOutput)),
  );
  await queue.work(JOBS.recoverLicenses, (job) => deliveries.recover(job.data.email));
}

/**
 * Whether the last attempt ended without an answer of its own: its worker died (stale heartbeat),
 * it hung past its expiry, or the process ended while it ran. pg-boss's supervisor stores its
 * reason as `{ value: { message } }`, a failed handler (and this portal) as `{ message }`.
 */
function diedOnLastAttempt(output: unknown): boolean {
  const stored = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = String(stored?.message ?? stored?.value?.message ?? '');
  return (
    message === 'job heartbeat timeout' ||
    message === 'job timed out' ||
    message.startsWith('handler execution exceeded') ||
    message === ABANDONED_JOB_MESSAGE
  );
}
