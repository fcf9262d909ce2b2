import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Principal } from './principal.ts';

/**
 * How a route says who may call it: `preHandler: guards.admin` or `guards.signedIn`, and how its
 * handler learns who is asking. The auth module makes them from the bearer token.
 */
export interface Guards {
  /** Any signed-in user (admin or license). */
  signedIn: preHandlerAsyncHookHandler;
  /** Admins only: 401 without a token, 403 for a license user. */
  admin: preHandlerAsyncHookHandler;
  principalOf(request: FastifyRequest): Principal;
  adminOf(request: FastifyRequest): Extract<Principal, { type: 'admin' }>;
}
