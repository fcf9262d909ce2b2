import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import type { Guards, RouteAccess } from './guards.ts';
import { documentAnswers } from './route-contract.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares who may call a route that has no guard (see RouteAccess). */
    access?: RouteAccess | readonly RouteAccess[];
  }
  interface FastifyInstance {
    /** Every route's declared access by `METHOD url` (the security test walks it); undeclared routes are absent. */
    routeAccess: Map<string, readonly RouteAccess[]>;
  }
}

/**
 * The config of a public route that writes or can be guessed at (the sign-ins, a license's status,
 * a new upgrade session, an offer code, license recovery, the stand-in shop's order): anyone may
 * call it, each client as often a minute as `AUTH_CLIENT_LIMIT` allows (app.ts sets the limit).
 */
export const limitedPublic = { access: 'public', rateLimit: {} } as const satisfies FastifyContextConfig;

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
