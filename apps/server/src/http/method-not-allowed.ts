import type { FastifyInstance, RouteOptions } from 'fastify';
import Router from 'find-my-way';
import { AppError, notFound } from '../lib/app-error.ts';
import { sendError } from './error-handler.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The API's answer for a request no route takes (register before the routes of its scope): 405
 * with `Allow` when the address exists for other methods, else 404 — both in the error envelope.
 * The scope's routes are kept in a router of their own (Fastify's, the same package, offers no
 * lookup of an address for other methods).
 */
export function registerMethodNotAllowed(api: FastifyInstance): void {
  const addresses = Router();
  const known = new Set<string>();
  api.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (known.has(key)) continue;
      known.add(key);
      addresses.on(method as (typeof METHODS)[number], route.url, () => {});
    }
  });
  api.setNotFoundHandler((request, reply) => {
    const path = request.raw.url!.split('?')[0]!;
    const allowed = METHODS.filter((method) => addresses.find(method, path));
    if (allowed.length === 0) return sendError(reply, notFound('address'));
    reply.header('allow', allowed.join(', '));
    return sendError(reply, new AppError('METHOD_NOT_ALLOWED'));
  });
}
