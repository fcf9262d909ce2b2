import type { JobKind } from './catalogue.ts';
import { ABANDONED_JOB_MESSAGE, type JobQueue, type QueueOptions } from './queue.ts';

/** A dead letter marks its record failed: a moment's work, retried a few times. */
const DEAD_LETTER_QUEUE = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 };

/**
 * A queue retried with back-off whose jobs, after their last retry, become a job of `deadLetter`
 * (same payload): the worker of that one marks the record failed, visibly, to be retried or resent
 * from the back office.
 */
export async function defineWithDeadLetter(
  queue: JobQueue,
  kind: JobKind,
  deadLetter: JobKind,
  options: QueueOptions & { expireInSeconds: number },
): Promise<void> {
  // pg-boss moves a job there without a notification: its worker polls every second.
  await queue.define(deadLetter, DEAD_LETTER_QUEUE, { unnotified: true });
  await queue.define(kind, { retryBackoff: true, ...options, deadLetter: deadLetter.name });
}

/**
 * The last attempt's error as pg-boss stored it for a dead letter: `{ message }` from a failed
 * handler (and this portal), `{ value: { message } }` from its supervisor.
 */
export function lastErrorOf(output: unknown): string | undefined {
  const stored = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = stored?.message ?? stored?.value?.message;
  return message === undefined ? undefined : String(message);
}

/**
 * Whether the last attempt ended without an answer of its own: its worker died (stale heartbeat),
 * it hung past its expiry, or the process ended while it ran.
 */
export function diedOnLastAttempt(output: unknown): boolean {
  const message = lastErrorOf(output) ?? '';
  return (
    message === 'job heartbeat timeout' ||
    message === 'job timed out' ||
    message.startsWith('handler execution exceeded') ||
    message === ABANDONED_JOB_MESSAGE
  );
}
