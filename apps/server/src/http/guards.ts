import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Principal } from './principal.ts';

/**
 * Who may call a route, declared once per route: by its guard (`preHandler: guards.admin`,
 * `guards.signedIn` or another function declared with `accessGuard`, route-access.ts) or, for
 * routes without one, by `config: { access }` (one kind, or several of which any one admits).
 * - public: anyone (sign-in, settings, health, starting an upgrade session, license recovery)
 * - signedIn: a signed-in license (its own license only) or an admin
 * - admin: admins only
 * - sessionToken: the token of one upgrade session
 * - offerToken: the token an offer code was exchanged for
 * - signedLink: a link signed by the portal (a document or download file)
 * - shopSignature: a request signed with the shop's webhook secret
 * - metricsToken: the operator's scraper, with `METRICS_TOKEN` as bearer (or on the metrics port)
 */
export type RouteAccess =
  | 'public'
  | 'signedIn'
  | 'admin'
  | 'sessionToken'
  | 'offerToken'
  | 'signedLink'
  | 'shopSignature'
  | 'metricsToken';

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
