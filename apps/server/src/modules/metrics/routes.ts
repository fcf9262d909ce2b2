import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { PortalMetrics } from './portal-metrics.ts';

export interface MetricsRouteOptions {
  metrics: PortalMetrics;
  /** False: this server does not serve the figures, `/metrics` is an unknown address here (404). */
  served: boolean;
  /** When set, only a request with it as bearer gets the figures (401 otherwise). */
  token: string | undefined;
}

/** Whether the request's bearer is the token, compared in constant time. */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format, for the operator's scraper (not in the API's
 * documentation). Never public: without `METRICS_TOKEN` and `METRICS_PORT` it is an unknown
 * address like any other (404, nothing says it exists); with the token, a bearer must carry it.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (
  app,
  { metrics, served, token },
) => {
  app.get(
    '/metrics',
    { config: { access: 'metricsToken' }, schema: { hide: true } },
    async (request, reply) => {
      if (!served) throw notFound('address');
      if (token !== undefined && !carriesToken(request, token)) {
        throw new AppError('AUTHENTICATION_REQUIRED', undefined, {
          headers: { 'www-authenticate': 'Bearer' },
        });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.scrape());
    },
  );
};
