import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginRequestSchema,
  authUserSchema,
  licenseLoginRequestSchema,
  licenseStatusRequestSchema,
  licenseStatusResponseSchema,
  loginResponseSchema,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import type { AuthService } from './service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  guards: Guards;
  /** Requests per minute and client on the sign-in routes. */
  clientLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, guards } = options;
  const rateLimit = { max: options.clientLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/auth/license-status',
    {
      config: { access: 'public', rateLimit, errors: ['LICENSE_NOT_FOUND', 'LICENSE_DISABLED'] },
      schema: {
        tags: ['auth'],
        summary: 'Status of a license by key (unbound, bound); 404 unknown, 403 disabled',
        body: licenseStatusRequestSchema,
        response: { 200: dataEnvelope(licenseStatusResponseSchema) },
      },
    },
    async (request) => ({ data: { status: await auth.licenseStatus(request.body.key) } }),
  );

  app.post(
    '/auth/license',
    {
      config: {
        access: 'public',
        rateLimit,
        errors: ['INVALID_CREDENTIALS', 'LICENSE_DEACTIVATED', 'LICENSE_ALREADY_BOUND'],
      },
      schema: {
        tags: ['auth'],
        summary: 'License sign-in with start code (unbound) or holder name (bound)',
        body: licenseLoginRequestSchema,
        response: { 200: dataEnvelope(loginResponseSchema) },
      },
    },
    async (request) => ({
      data: await auth.licenseLogin(request.body.key, request.body.authenticationCode, request.ip),
    }),
  );

  app.post(
    '/auth/admin',
    {
      config: { access: 'public', rateLimit, errors: ['INVALID_CREDENTIALS'] },
      schema: {
        tags: ['auth'],
        summary: 'Back-office sign-in',
        body: adminLoginRequestSchema,
        response: { 200: dataEnvelope(loginResponseSchema) },
      },
    },
    async (request) => ({
      data: await auth.adminLogin(request.body.username, request.body.password, request.ip),
    }),
  );

  app.post(
    '/auth/session',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Extends the sign-in: a new token of a full session from now',
        response: { 200: dataEnvelope(loginResponseSchema) },
      },
    },
    async (request) => ({ data: await auth.extendSession(guards.principalOf(request)) }),
  );

  app.get(
    '/auth/user',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: dataEnvelope(z.object({ user: authUserSchema })) },
      },
    },
    async (request) => ({ data: { user: auth.currentUser(guards.principalOf(request)) } }),
  );
};
