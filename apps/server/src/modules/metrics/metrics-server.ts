import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerErrorHandling, sendError } from '../../http/error-handler.ts';
import { notFound } from '../../lib/app-error.ts';
import { sideServerLogger } from '../../logger.ts';
import type { PortalMetrics } from './portal-metrics.ts';
import { metricsRoutes } from './routes.ts';

/** Only this machine reaches the metrics port: a scraper there (or an SSH tunnel) reads it. */
const METRICS_HOST = '127.0.0.1';

/**
 * Serves `/metrics` alone on `METRICS_PORT` at 127.0.0.1 (the portal's port then answers 404 there),
 * with `METRICS_TOKEN` as bearer when that is set too. The worker process serves its figures so as well.
 */
export async function listenForMetrics(
  metrics: PortalMetrics,
  { port, token }: { port: number; token: string | undefined },
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: sideServerLogger(log, 'metrics') });
  registerErrorHandling(server);
  server.setNotFoundHandler((_request, reply) => sendError(reply, notFound('address')));
  await server.register(metricsRoutes, { metrics, served: true, token });
  await server.listen({ port, host: METRICS_HOST });
  return server;
}
