import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  LogController,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './lib/app-error.ts';
import { databaseClientLimitStore } from './http/client-limit-store.ts';
import { registerApiCompression } from './http/compression.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerPageHeaders } from './http/page-headers.ts';
import { proxyTrust } from './http/proxy-trust.ts';
import { randomRequestId, registerRequestIds, requestIdGenerator } from './http/request-ids.ts';
import {
  BODY_LIMIT_BYTES,
  limitIdleConnections,
  registerBodyLimits,
  serverTimeouts,
} from './http/client-limits.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerHostRequirement,
  type AnswerObserver,
} from './http/answers-outside-routes.ts';
import { API_HEADERS } from './http/envelope.ts';
import { registerRouteAccess } from './http/route-access.ts';
import { openApiTransform, SECURITY_SCHEMES } from './http/route-contract.ts';
import { registerMethodNotAllowed } from './http/method-not-allowed.ts';
import { validatorCompiler } from './http/validation.ts';
import { documentRoutes } from './modules/documents/index.ts';
import { downloadRoutes } from './modules/downloads/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { licenseRoutes } from './modules/licenses/index.ts';
import { licenseImportRoutes } from './modules/license-import/index.ts';
import { publicSettings, settingsRoutes } from './modules/settings/index.ts';
import { webRoutes } from './modules/web/index.ts';
import { deliveryRoutes } from './modules/deliveries/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { orderGenerationRoutes } from './modules/order-generations/index.ts';
import { upgradeSessionRoutes } from './modules/upgrade-sessions/index.ts';
import { shopCartRoutes, shopDemoRoutes, shopRoutes, shopStatusRoutes } from './modules/shop/index.ts';
import { overviewRoutes } from './modules/overview/index.ts';
import { metricsRoutes } from './modules/metrics/index.ts';
import { contactChangeRoutes } from './modules/contact-changes/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { createLogger, REQUEST_ID_LOG_FIELD, requestLogger } from './logger.ts';
import { createServices, startWorkers, type Services } from './services.ts';
import type { Logger } from 'pino';

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** Defaults to a logger configured by `config.logLevel`. */
  logger?: Logger;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the app was built with (the server seeds demo data through them). */
    services: Services;
  }
}

/** The whole portal as one Fastify plugin: API under /api/v1, OpenAPI at /api/docs, the web app. */
const portal: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { config, guards } = services;
  // One object for the API's answer and the entry pages that carry it.
  const settings = publicSettings(config);

  app.decorateRequest('principal', null);
  await registerRequestIds(app);
  registerHostRequirement(app);
  registerBodyLimits(app, {
    perClient: config.http.unfinishedRequestsPerClient,
    processBytes: config.http.unfinishedBodyBytes,
    requestTimeoutMs: config.http.requestTimeoutMs,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRouteAccess(app, guards);
  app.addHook('onResponse', (request, reply, done) => {
    services.metrics.observeRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  // Only the routes that ask for it are limited (`limitedPublic`), each client to the same number a minute.
  await app.register(rateLimit, {
    global: false,
    max: config.authClientLimitPerMinute,
    timeWindow: '1 minute',
    // In the database: every server process on it enforces one limit per client together.
    store: databaseClientLimitStore(services.database.db),
    // An answer within the limit says nothing of it: three headers less on every sign-in (decision
    // 081); a refused one says when to come back (Retry-After).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', undefined, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lizenzportal API', version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: openApiTransform,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', (_request, reply, done) => {
        reply.headers(API_HEADERS);
        done();
      });
      await registerApiCompression(api);
      registerMethodNotAllowed(api);
      await api.register(healthRoutes, { db: services.database.db, readiness: services.readiness });
      await api.register(settingsRoutes, { settings });
      await api.register(authRoutes, { auth: services.auth, guards });
      await api.register(licenseRoutes, { licenses: services.licenses, binding: services.binding, guards });
      await api.register(contactChangeRoutes, { contactChanges: services.contactChanges, guards });
      await api.register(licenseImportRoutes, { uploads: services.licenseImportUploads, guards });
      await api.register(documentRoutes, { module: services.documents, guards, audit: services.audit });
      await api.register(downloadRoutes, { downloads: services.downloads, guards });
      await api.register(deliveryRoutes, { deliveries: services.deliveries, guards, audit: services.audit });
      await api.register(auditRoutes, { audit: services.audit, guards });
      await api.register(orderGenerationRoutes, {
        orderGenerations: services.orderGenerations,
        guards,
        audit: services.audit,
      });
      await api.register(upgradeSessionRoutes, {
        sessions: services.upgradeSessions,
        cartTokens: services.shop.cartTokens,
        guards,
      });
      await api.register(overviewRoutes, { overview: services.overview, guards });
      await api.register(privacyRoutes, { personalData: services.personalData, guards });
      await api.register(shopRoutes, services.shop);
      await api.register(shopCartRoutes, {
        cartTokens: services.shop.cartTokens,
        productIds: config.shop.productIds,
      });
      await api.register(shopStatusRoutes, {
        records: services.shop.records,
        reconciliationConfigured: services.shop.reconciliation !== null,
        startedAt: services.shop.startedAt,
        guards,
      });
      // The stand-in shop's simulated orders make licenses for anyone who asks: never in production.
      if (!config.isProduction) {
        await api.register(shopDemoRoutes, {
          ...services.shop,
          productIds: config.shop.productIds,
          mailsInOutbox: !config.mail.smtpUrl,
        });
      }
    },
    { prefix: '/api/v1' },
  );
  await app.register(metricsRoutes, {
    metrics: services.metrics,
    served: config.metrics.token !== undefined && config.metrics.port === undefined,
    token: config.metrics.token,
  });
  // Pages (the web app, the API docs) get helmet's full set of headers, the CSP above all; the API
  // answers JSON with the few headers that matter there, which costs a fraction per request.
  await app.register(async (pages) => {
    await registerPageHeaders(pages, {
      shopOrigin: config.shop.origin,
      https: config.publicUrl.startsWith('https:'),
    });
    await pages.register(swaggerUi, { routePrefix: '/api/docs' });
    await pages.register(webRoutes, {
      distDir: config.webDistDir,
      sourceMaps: !config.isProduction,
      settings,
    });
  });
};

/**
 * Builds the portal on an open database: services, routes and, unless `WORKER=off`, the job worker
 * in this process. Closing the app stops the worker; the database stays open for its opener.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const trust = proxyTrust(config.trustProxy);
  const inlineWorker = config.worker === 'inline';
  const services = await createServices({ ...options, log: logger, maintenance: inlineWorker });
  const observeUnmatched: AnswerObserver = (method, status, milliseconds) =>
    services.metrics.observeRequest(undefined, method, status, milliseconds);
  const timeouts = serverTimeouts(config.http);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: (parent, bindings, childOptions) =>
      requestLogger(parent as Logger, bindings, childOptions) as FastifyBaseLogger,
    genReqId: requestIdGenerator(trust),
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_FIELD }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trust,
    ...timeouts,
    // A request without Host is refused by the portal (registerHostRequirement), in its envelope.
    http: { ...timeouts.http, requireHostHeader: false },
    clientErrorHandler: clientErrorHandler(randomRequestId, observeUnmatched),
    frameworkErrors: frameworkErrorHandler(observeUnmatched),
  });
  limitIdleConnections(app.server, config.http.idleConnectionsPerClient, trust);
  app.decorate('services', services);
  app.decorate('routeAccess', new Map());
  app.addHook('onClose', () => services.close());
  await app.register(portal, { services });
  if (inlineWorker) await startWorkers(services, app.log);
  return app;
}
