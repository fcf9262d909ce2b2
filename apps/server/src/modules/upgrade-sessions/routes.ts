import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUpgradeSessionRequestSchema,
  createUpgradeSessionResponseSchema,
  offerCodeRequestSchema,
  offerCodeResponseSchema,
  offeredSessionResponseSchema,
  offerRequestSchema,
  cartTokenResponseSchema,
  upgradeSessionDetailSchema,
  upgradeSessionPatchSchema,
  upgradeSessionResponseSchema,
  upgradeSessionSchema,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { idParams } from '../../http/id-params.ts';
import { listRoute } from '../../http/list-route.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { Guards } from '../../http/guards.ts';
import type { CartTokens } from '../../lib/cart-tokens.ts';
import { offeredSessionOf, requireHandOffToken, sessionReader, sessionTokenGuard } from './access.ts';
import { UPGRADE_SESSION_LIST_ENTITY } from './list.ts';
import type { UpgradeSessionService } from './service.ts';

const TAG = 'upgrade sessions';
/** The offered session and its code (which the mail and the PDF repeat). */
const offerResponseSchema = z.object({ session: upgradeSessionSchema, offerCode: z.string() });

/** The assistant's session calls (customer spec §7, DESIGN.md §2) and the back office's lists. */
export const upgradeSessionRoutes: FastifyPluginAsyncZod<{
  sessions: UpgradeSessionService;
  cartTokens: CartTokens;
  guards: Guards;
}> = async (app, { sessions, cartTokens, guards }) => {
  const sessionToken = sessionTokenGuard(sessions.tokens);
  app.post(
    '/upgrade-session/offer-code',
    {
      config: { ...limitedPublic, errors: ['OFFER_NOT_FOUND', 'OFFER_EXPIRED'] },
      schema: {
        tags: [TAG],
        summary:
          'The offer token of an offer code; 403 unknown, 410 expired (wrong codes are throttled per client)',
        body: offerCodeRequestSchema,
        response: { 200: dataEnvelope(offerCodeResponseSchema) },
      },
    },
    async (request) => ({
      data: { offerToken: await sessions.offerToken(request.body.offerCode, request.ip) },
    }),
  );

  app.get(
    '/upgrade-session/offered',
    {
      config: { access: 'offerToken', errors: ['NOT_FOUND', 'OFFER_EXPIRED'] },
      schema: {
        tags: [TAG],
        summary:
          'The offered session of an offer token (Authorization: Bearer <offerToken>), its licenses by key; 410 expired',
        response: { 200: dataEnvelope(offeredSessionResponseSchema) },
      },
    },
    async (request) => ({
      data: { session: await sessions.offered(offeredSessionOf(request, sessions.tokens)) },
    }),
  );

  app.post(
    '/upgrade-session/:id/cart',
    {
      config: {
        access: ['sessionToken', 'offerToken'],
        errors: ['FORBIDDEN', 'SESSION_ORDERED', 'CONFLICT', 'OFFER_EXPIRED'],
      },
      schema: {
        tags: [TAG],
        summary:
          'The session’s cart for the shop, priced and signed by the portal (session or offer token); 409 ordered or not priced yet, 410 expired',
        params: idParams,
        response: { 200: dataEnvelope(cartTokenResponseSchema) },
      },
    },
    async (request) => {
      requireHandOffToken(request, sessions.tokens, request.params.id);
      return { data: cartTokens.sign(await sessions.orderableCart(request.params.id)) };
    },
  );

  app.post(
    '/upgrade-session/:id/offer',
    {
      preHandler: sessionToken,
      config: { errors: ['CONFLICT', 'OFFER_LIMIT_REACHED'] },
      schema: {
        tags: [TAG],
        summary: 'Make the session an offer: number, code, PDF by e-mail, valid 30 days (session token)',
        params: idParams,
        body: offerRequestSchema,
        response: { 200: dataEnvelope(offerResponseSchema) },
      },
    },
    async (request) => ({ data: await sessions.createOffer(request.params.id, request.body, request.ip) }),
  );

  app.post(
    '/upgrade-session',
    {
      config: { ...limitedPublic, errors: ['FORBIDDEN'] },
      schema: {
        tags: [TAG],
        summary: 'Create an upgrade session; updates and extensions prove each license by its access token',
        body: createUpgradeSessionRequestSchema,
        response: { 201: dataEnvelope(createUpgradeSessionResponseSchema) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await sessions.create(request.body) }),
  );

  app.patch(
    '/upgrade-session/:id',
    {
      preHandler: sessionToken,
      config: { errors: ['CONFLICT'] },
      schema: {
        tags: [TAG],
        summary: 'Change a session that is not offered or ordered yet (session token)',
        params: idParams,
        body: upgradeSessionPatchSchema,
        response: { 200: dataEnvelope(upgradeSessionResponseSchema) },
      },
    },
    async (request) => ({ data: { session: await sessions.patch(request.params.id, request.body) } }),
  );

  app.get(
    '/upgrade-session/:id',
    {
      config: { access: ['sessionToken', 'admin'] },
      schema: {
        tags: [TAG],
        summary: 'One session: for its session token as the customer sees it, for an admin in full',
        params: idParams,
        response: {
          200: dataEnvelope(
            z.object({ session: z.union([upgradeSessionDetailSchema, upgradeSessionSchema]) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const reader = await sessionReader(request, reply, sessions.tokens, guards, request.params.id);
      const session =
        reader === 'admin' ? await sessions.detail(request.params.id) : await sessions.get(request.params.id);
      return { data: { session } };
    },
  );

  app.route(
    listRoute({
      entity: UPGRADE_SESSION_LIST_ENTITY,
      item: upgradeSessionDetailSchema,
      tag: TAG,
      summary: 'List upgrade sessions with paging, sorting and filters (admin)',
      preHandler: guards.admin,
      list: (request) => sessions.list(request),
    }),
  );

  app.get(
    '/license/:id/upgrade-session',
    {
      preHandler: guards.admin,
      schema: {
        tags: [TAG],
        summary: 'Upgrade sessions of a license (admin)',
        params: idParams,
        response: { 200: dataEnvelope(z.object({ items: z.array(upgradeSessionDetailSchema) })) },
      },
    },
    async (request) => ({ data: { items: await sessions.forLicense(request.params.id) } }),
  );
};
