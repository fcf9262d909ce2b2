import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactChangeLinkSchema, contactChangeSchema, contactChangeViewSchema } from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { idParams } from '../../http/id-params.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { Guards } from '../../http/guards.ts';
import type { ContactChanges } from './service.ts';

const TAG = 'contact-changes';
const changeEnvelope = dataEnvelope(z.object({ contactChange: contactChangeViewSchema }));
/** Why a link is refused: forged or unknown, used, replaced, expired; or the license lost its holder. */
const LINK_ERRORS = [
  'CONTACT_LINK_INVALID',
  'CONTACT_LINK_USED',
  'CONTACT_LINK_REPLACED',
  'CONTACT_LINK_EXPIRED',
  'LICENSE_NOT_BOUND',
] as const;

export interface ContactChangeRoutesOptions {
  contactChanges: ContactChanges;
  guards: Guards;
}

export const contactChangeRoutes: FastifyPluginAsyncZod<ContactChangeRoutesOptions> = async (
  app,
  { contactChanges, guards },
) => {
  app.post(
    '/license/:id/contact-change',
    {
      preHandler: guards.signedIn,
      config: { errors: ['LICENSE_NOT_BOUND', 'CONTACT_MAIL_LIMIT_REACHED'] },
      schema: {
        tags: [TAG],
        summary:
          "Ask to change the bound holder's contact person and e-mail (license user: its own); a link to confirm goes to the new address",
        params: idParams,
        body: contactChangeSchema,
        response: { 202: changeEnvelope },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const change = await contactChanges.request(id, guards.principalOf(request), request.body, request.ip);
      return reply.code(202).send({ data: { contactChange: change } });
    },
  );

  app.get(
    '/contact-change',
    {
      config: { ...limitedPublic, errors: [...LINK_ERRORS] },
      schema: {
        tags: [TAG],
        summary: 'What a confirmation link would change; reads only (the link is the permission)',
        querystring: contactChangeLinkSchema,
        response: { 200: changeEnvelope },
      },
    },
    async (request) => ({ data: { contactChange: await contactChanges.view(request.query.token) } }),
  );

  app.post(
    '/contact-change/confirm',
    {
      config: { ...limitedPublic, errors: [...LINK_ERRORS] },
      schema: {
        tags: [TAG],
        summary:
          "Confirm a contact change by its link's token, once within 24 hours; the old address is told",
        body: contactChangeLinkSchema,
        response: { 200: changeEnvelope },
      },
    },
    async (request) => ({ data: { contactChange: await contactChanges.confirm(request.body.token) } }),
  );
};
