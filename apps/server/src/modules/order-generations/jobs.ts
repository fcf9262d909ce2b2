import { JOBS } from '../../jobs/catalogue.ts';
import { defineWithDeadLetter, lastErrorOf } from '../../jobs/dead-letter.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { OrderGenerator } from './generator.ts';

/**
 * The generation queue: technical failures are retried with back-off (`retryLimit` times), then
 * the generation is marked failed, to be retried from the back office.
 */
export async function defineOrderGenerationQueues(queue: JobQueue, retryLimit: number): Promise<void> {
  await defineWithDeadLetter(queue, JOBS.generateOrder, JOBS.orderGenerationFailed, {
    retryLimit,
    retryDelay: 10,
    retryDelayMax: 600,
    // One transaction creating the licenses (a reseller order: hundreds) and queueing their jobs.
    expireInSeconds: 300,
  });
}

export async function workOrderGenerations(
  queue: JobQueue,
  generator: OrderGenerator,
  retryLimit: number,
): Promise<void> {
  // On PGlite a generation's transaction holds the one connection (a reseller order's for hundreds
  // of licenses): one at a time there, so a webhook waits behind at most one, not ten.
  await queue.work(
    JOBS.generateOrder,
    (job) => generator.run(job.data.orderGenerationId),
    queue.oneConnection ? 1 : 2,
    { oneAtATime: queue.oneConnection },
  );
  await queue.work(JOBS.orderGenerationFailed, (job) =>
    generator.giveUp(
      job.data.orderGenerationId,
      retryLimit + 1,
      lastErrorOf(job.sourceOutput) ?? 'unbekannt',
    ),
  );
}
