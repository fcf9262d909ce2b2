import type { AsyncLocalStorage } from 'node:async_hooks';
import { asyncLocalStorage, requestContext } from '@fastify/request-context';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The request's id (`X-Request-Id`), also of the jobs it queued. */
    requestId: string;
  }
}

type Store = { requestId: string };

/**
 * The id of the request being served here, or of the request whose job is being worked: every log
 * line and every job queued meanwhile carries it. Undefined outside both (start, timers, sweeps).
 */
export function currentRequestId(): string | undefined {
  return requestContext.get('requestId');
}

/** Runs a job's work as part of the request that queued it (none: as it is). */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  if (!requestId) return work();
  return (asyncLocalStorage as unknown as AsyncLocalStorage<Store>).run({ requestId }, work);
}
