import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginRequestSchema,
  authUserSchema,
  licenseLoginRequestSchema,
  licenseStatusRequestSchema,
  licenseStatusResponseSchema,
  loginResponseSchema,
  type ErrorCode,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { AuthService } from './service.ts';

/**
 * The sign-ins (a license's status, a license's and an admin's sign-in) and the signed-in user's
 * session. Sign-ins are public and limited per client.
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; guards: Guards }> = async (
  app,
  { auth, guards },
) => {
  /** A sign-in route: public, limited per client, answering `{ data }` of its body and the client's address. */
  const signInRoute = <Body extends z.ZodType, Data extends z.ZodType>(
    url: string,
    route: { summary: string; errors: readonly ErrorCode[]; body: Body; data: Data },
    answer: (body: z.output<Body>, ip: string) => Promise<z.input<Data>>,
  ) =>
    app.route({
      method: 'POST',
      url,
      config: { ...limitedPublic, errors: route.errors },
      // About a kilobyte, a bound holder's a little more: compressed, it would save a client nothing
      // it notices, and the negotiation would cost every sign-in (decision 081).
      compress: false,
      schema: {
        tags: ['auth'],
        summary: route.summary,
        body: route.body,
        response: { 200: dataEnvelope(route.data) },
      },
      // The schema checked the body; a generic schema leaves its type to the caller's `Body`.
      handler: async (request: FastifyRequest) => ({
        data: await answer(request.body as z.output<Body>, request.ip),
      }),
    });

  signInRoute(
    '/auth/license-status',
    {
      summary: 'Status of a license by key (unbound, bound); 404 unknown, 403 disabled',
      errors: ['LICENSE_NOT_FOUND', 'LICENSE_DISABLED'],
      body: licenseStatusRequestSchema(),
      data: licenseStatusResponseSchema(),
    },
    async ({ key }) => ({ status: await auth.licenseStatus(key) }),
  );
  signInRoute(
    '/auth/license',
    {
      summary: 'License sign-in with start code (unbound) or holder name (bound)',
      errors: ['INVALID_CREDENTIALS', 'LICENSE_DEACTIVATED', 'LICENSE_ALREADY_BOUND'],
      body: licenseLoginRequestSchema(),
      data: loginResponseSchema(),
    },
    ({ key, authenticationCode }, ip) => auth.licenseLogin(key, authenticationCode, ip),
  );
  signInRoute(
    '/auth/admin',
    {
      summary: 'Back-office sign-in',
      errors: ['INVALID_CREDENTIALS'],
      body: adminLoginRequestSchema(),
      data: loginResponseSchema(),
    },
    ({ username, password }, ip) => auth.adminLogin(username, password, ip),
  );

  app.post(
    '/auth/session',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Extends the sign-in: a new token of a full session from now',
        response: { 200: dataEnvelope(loginResponseSchema()) },
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
        response: { 200: dataEnvelope(z.object({ user: authUserSchema() })) },
      },
    },
    async (request) => ({ data: { user: auth.currentUser(guards.principalOf(request)) } }),
  );
};
