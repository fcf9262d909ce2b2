import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Guards } from './guards.ts';

/**
 * Who may call a route, declared once per route: by its guard (`preHandler: guards.admin` or
 * `guards.signedIn`) or, for routes without one, by `config: { access }`.
 * - public: anyone (sign-in, settings, health, starting an upgrade session, license recovery)
 * - signedIn: a signed-in license (its own license only) or an admin
 * - admin: admins only
 * - sessionToken: the token of one upgrade session or offer (admins may read some)
 * - signature: a signed request (the shop's webhook, a signed document URL)
 */
export type RouteAccess = 'public' | 'signedIn' | 'admin' | 'sessionToken' | 'signature';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares who may call a route that has no guard (see RouteAccess). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route's declared access by `METHOD url` (the security test walks it); undeclared routes are absent. */
    routeAccess: Map<string, RouteAccess>;
  }
}

/**
 * Records each route's access as it is added, and runs its guard first (onRequest): an
 * anonymous caller gets 401 before the body is read or validated, so it learns nothing else.
 */
export function registerRouteAccess(app: FastifyInstance, guards: Guards): void {
  const guardAccess = new Map<unknown, RouteAccess>([
    [guards.admin, 'admin'],
    [guards.signedIn, 'signedIn'],
  ]);
  if (!app.hasDecorator('routeAccess')) app.decorate('routeAccess', new Map());
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guard = preHandlers.find((handler) => guardAccess.has(handler));
    const access = guard ? guardAccess.get(guard) : route.config?.access;
    if (guard) {
      route.preHandler = preHandlers.filter((handler) => handler !== guard);
      route.onRequest = [guard, ...[route.onRequest ?? []].flat()] as RouteOptions['onRequest'];
    }
    if (!access) return;
    for (const method of [route.method].flat()) app.routeAccess.set(`${method} ${route.url}`, access);
  });
}
