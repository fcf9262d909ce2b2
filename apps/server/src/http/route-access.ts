import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ErrorCode } from '@lizenzportal/domain';
import type { Guards } from './guards.ts';
import { documentAnswers } from './route-contract.ts';

/**
 * Who may call a route, declared once per route: by its guard (`preHandler: guards.admin`,
 * `guards.signedIn` or another function declared with `accessGuard`) or, for routes without one,
 * by `config: { access }` (one kind, or several of which any one admits).
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares who may call a route that has no guard (see RouteAccess). */
    access?: RouteAccess | readonly RouteAccess[];
    /**
     * The errors a route answers beyond those its access, parameters and body imply (a conflict,
     * an expired offer …): documented in the OpenAPI document (route-contract.ts).
     */
    errors?: readonly ErrorCode[];
  }
  interface FastifyInstance {
    /** Every route's declared access by `METHOD url` (the security test walks it); undeclared routes are absent. */
    routeAccess: Map<string, readonly RouteAccess[]>;
  }
}

const GUARD_ACCESS = new WeakMap<object, RouteAccess>();

/** Declares a route hook as a guard of that access: routes that name it run it first. */
export function accessGuard<Guard extends object>(access: RouteAccess, guard: Guard): Guard {
  GUARD_ACCESS.set(guard, access);
  return guard;
}

/**
 * Records each route's access as it is added, documents its answers and security in the OpenAPI
 * document, and runs its guard first (onRequest): a caller without the credential gets 401 before
 * the body is read or validated, so it learns nothing else.
 */
export function registerRouteAccess(app: FastifyInstance, guards: Guards): void {
  accessGuard('admin', guards.admin);
  accessGuard('signedIn', guards.signedIn);
  if (!app.hasDecorator('routeAccess')) app.decorate('routeAccess', new Map());
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guard = preHandlers.find((handler) => GUARD_ACCESS.has(handler));
    const access = guard ? [GUARD_ACCESS.get(guard)!] : [route.config?.access ?? []].flat();
    if (guard) {
      route.preHandler = preHandlers.filter((handler) => handler !== guard);
      route.onRequest = [guard, ...[route.onRequest ?? []].flat()] as RouteOptions['onRequest'];
    }
    if (access.length === 0) return;
    for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, access);
    documentAnswers(route, access);
  });
}
