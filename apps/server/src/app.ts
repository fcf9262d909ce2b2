import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './http/app-error.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { validatorCompiler } from './http/validation.ts';
import { AdminRepository } from './modules/auth/admin-repository.ts';
import { createGuards } from './modules/auth/guards.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { SignInThrottle } from './modules/auth/throttle.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { licenseRoutes } from './modules/licenses/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { LicenseService } from './modules/licenses/service.ts';
import { webRoutes } from './modules/web/routes.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
}

/** The whole portal as one Fastify plugin: API under /api/v1, OpenAPI at /api/docs, the web app. */
export const portal: FastifyPluginAsync<AppOptions> = async (app, { config, database, jwtSecret }) => {
  const { db } = database;
  const tokens = new TokenService(jwtSecret);
  const licenses = new LicenseService(db);
  const admins = new AdminRepository(db);
  const auth = new AuthService({
    licenses: licenses.repository,
    admins,
    tokens,
    throttle: new SignInThrottle(db),
  });
  const guards = createGuards(tokens, (id) => auth.adminName(id));

  app.decorateRequest('principal', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    frameguard: false,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'self'", config.shop.origin],
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', undefined, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lizenzportal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(settingsRoutes, { config });
      await api.register(authRoutes, { auth, guards, clientLimitPerMinute: config.authClientLimitPerMinute });
      await api.register(licenseRoutes, { licenses, guards });
    },
    { prefix: '/api/v1' },
  );
  await app.register(webRoutes, { distDir: config.webDistDir });
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.config.logLevel === 'silent'
        ? false
        : { level: options.config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: options.config.trustProxy,
  });
  await app.register(portal, options);
  return app;
}
