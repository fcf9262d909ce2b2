import type { FastifyBaseLogger } from 'fastify';
import { TIME_ZONE } from '@lizenzportal/domain';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { Retention } from './retention.ts';

/** The hour (Berlin time) of the daily run: night, when nobody works in the back office. */
const RETENTION_HOUR = 3;
/** How often each worker process makes sure the next run is queued. */
const REQUEST_INTERVAL_MS = 3_600_000;

const berlinHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The next full hour that is 03:00 in Berlin (summer or winter time), after `now`. */
export function nextRetentionRun(now: Date): Date {
  const candidate = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  do candidate.setTime(candidate.getTime() + 3_600_000);
  while (Number(berlinHour.format(candidate)) !== RETENTION_HOUR);
  return candidate;
}

export async function defineRetentionQueue(queue: JobQueue): Promise<void> {
  await queue.define(JOBS.removeExpiredPersonalData, {
    // One run queued or running, whichever processes ask for it.
    policy: 'exclusive',
    retryLimit: 3,
    retryDelay: 600,
    // Batches of 500 rows in short transactions; a run still going after this is hung.
    expireInSeconds: 3600,
  });
}

/**
 * Works the daily retention run and keeps the next one queued for 03:00: every worker process
 * asks at start and every hour; the queue holds one, so they make one run a day together, and a
 * run that failed for good is followed by the next day's.
 */
export async function workRetention(
  queue: JobQueue,
  retention: Retention,
  log: FastifyBaseLogger,
): Promise<{ stop(): void }> {
  await queue.work(JOBS.removeExpiredPersonalData, async () => {
    await retention.run();
  });
  const request = () => {
    queue
      .send(JOBS.removeExpiredPersonalData, {}, { startAfter: nextRetentionRun(new Date()) })
      .catch((error: unknown) => log.warn({ err: error }, 'retention run not queued'));
  };
  request();
  const timer = setInterval(request, REQUEST_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
