import type { JobQueue } from '../../jobs/queue.ts';
import { DELIVERY_FAILED, RECOVER_LICENSES, SEND_DELIVERY, type DeliveryService } from './service.ts';

export interface MailRetryPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** Delivery queues: sending with retries and back-off, then the failure mark after the last try. */
export async function defineDeliveryQueues(queue: JobQueue, policy: MailRetryPolicy): Promise<void> {
  await queue.define(DELIVERY_FAILED, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  await queue.define(SEND_DELIVERY, {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    // Above a batch of five sends at their worst (timeouts of 10 + 60 s each): a job must not be
    // taken for dead, and sent twice, while its worker still sends the batch before it.
    expireInSeconds: 900,
    deadLetter: DELIVERY_FAILED,
  });
  await queue.define(RECOVER_LICENSES, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
}

export async function workDeliveries(queue: JobQueue, deliveries: DeliveryService): Promise<void> {
  await queue.work<{ deliveryId: string }>(SEND_DELIVERY, (job) => deliveries.send(job.data.deliveryId), 2);
  await queue.work<{ deliveryId: string }>(DELIVERY_FAILED, (job) => deliveries.giveUp(job.data.deliveryId));
  await queue.work<{ email: string }>(RECOVER_LICENSES, (job) => deliveries.recover(job.data.email));
}
