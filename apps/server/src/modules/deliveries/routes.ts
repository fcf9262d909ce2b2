import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliverySchema, licenseRecoverySchema, manualDeliverySchema } from '@lizenzportal/domain';
import { idParams } from '../../http/id-params.ts';
import { dataEnvelope, noParametersBody } from '../../http/envelope.ts';
import { listRoute } from '../../http/list-route.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { Guards } from '../../http/guards.ts';
import type { AuditLog } from '../audit/index.ts';
import { DELIVERY_LIST_ENTITY } from './list.ts';
import { signedFileQuerySchema } from '../../lib/signed-urls.ts';
import { DELIVERY_DOCUMENTS_ROUTE, type DeliveryService } from './service.ts';

const deliveryEnvelope = dataEnvelope(z.object({ delivery: deliverySchema }));
const deliveriesEnvelope = dataEnvelope(z.object({ deliveries: z.array(deliverySchema) }));

export interface DeliveryRoutesOptions {
  deliveries: DeliveryService;
  guards: Guards;
  audit: AuditLog;
}

export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRoutesOptions> = async (app, options) => {
  const { deliveries, guards, audit } = options;

  app.route(
    listRoute({
      entity: DELIVERY_LIST_ENTITY,
      item: deliverySchema,
      tag: 'deliveries',
      summary: 'List e-mail deliveries with paging, sorting and filters (admin)',
      preHandler: guards.admin,
      list: (request) => deliveries.list(request),
    }),
  );

  app.get(
    '/delivery/:id',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['deliveries'],
        summary: 'One delivery (admin)',
        params: idParams,
        response: { 200: deliveryEnvelope },
      },
    },
    async (request) => ({ data: { delivery: await deliveries.get(request.params.id) } }),
  );

  app.post(
    '/delivery/:id',
    {
      preHandler: guards.admin,
      config: { errors: ['CONFLICT'] },
      schema: {
        tags: ['deliveries'],
        summary: "Send a delivery again, as a new delivery (admin); 409 for a contact change's mails",
        params: idParams,
        body: noParametersBody,
        response: { 201: deliveryEnvelope },
      },
    },
    async (request, reply) => {
      const principal = guards.adminOf(request);
      const delivery = await deliveries.resend(request.params.id, (transaction, resent) =>
        audit.record(transaction, {
          entity: 'delivery',
          entityId: request.params.id,
          action: 'resent',
          principal,
          changes: [{ field: 'resentAs', before: null, after: resent._id }],
        }),
      );
      return reply.code(201).send({ data: { delivery } });
    },
  );

  app.get(
    DELIVERY_DOCUMENTS_ROUTE,
    {
      config: { access: 'signedLink', errors: ['NOT_FOUND'], fileTypes: ['application/zip'] },
      schema: {
        tags: ['deliveries'],
        summary:
          "A delivery's documents as one ZIP, streamed: the signed link its mail carries instead of attachments too large (no token; the signature is the permission)",
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const archive = await deliveries.documentsArchive(request.query);
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${archive.fileName}"; filename*=UTF-8''${encodeURIComponent(archive.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(archive.stream);
    },
  );

  app.get(
    '/order-generation/:id/delivery',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['deliveries'],
        summary: 'Deliveries of an order generation (admin)',
        params: idParams,
        response: { 200: deliveriesEnvelope },
      },
    },
    async (request) => ({ data: { deliveries: await deliveries.forOrderGeneration(request.params.id) } }),
  );

  app.get(
    '/license/:id/delivery',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['deliveries'],
        summary: 'Deliveries of a license (admin)',
        params: idParams,
        response: { 200: deliveriesEnvelope },
      },
    },
    async (request) => ({ data: { deliveries: await deliveries.forLicense(request.params.id) } }),
  );

  app.post(
    '/license/:id/delivery',
    {
      preHandler: guards.admin,
      config: { errors: ['CONFLICT'] },
      schema: {
        tags: ['deliveries'],
        summary: "Send a license's starter or license document by e-mail (admin)",
        params: idParams,
        body: manualDeliverySchema,
        response: { 201: deliveryEnvelope },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: { delivery: await deliveries.sendManually(request.params.id, request.body) } }),
  );

  app.post(
    '/license-recovery',
    {
      config: limitedPublic,
      schema: {
        tags: ['deliveries'],
        summary: 'Re-send the license documents of all bound licenses of an e-mail address',
        description: 'Always 202: the answer does not reveal whether licenses exist for the address.',
        body: licenseRecoverySchema,
        response: { 202: dataEnvelope(z.object({ accepted: z.literal(true) })) },
      },
    },
    async (request, reply) => {
      await deliveries.requestRecovery(request.body.email);
      return reply.code(202).send({ data: { accepted: true as const } });
    },
  );
};
