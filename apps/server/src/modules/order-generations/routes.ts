import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderGenerationSchema, orderUndoRequestSchema, orderUndoSchema } from '@lizenzportal/domain';
import { dataEnvelope, noParametersBody } from '../../http/envelope.ts';
import { idParams } from '../../http/id-params.ts';
import { listRoute } from '../../http/list-route.ts';
import type { AuditLog } from '../audit/index.ts';
import type { Guards } from '../../http/guards.ts';
import { ORDER_GENERATION_LIST_ENTITY } from './list.ts';
import type { OrderGenerationService } from './service.ts';

export const orderGenerationRoutes: FastifyPluginAsyncZod<{
  orderGenerations: OrderGenerationService;
  guards: Guards;
  audit: AuditLog;
}> = async (app, { orderGenerations, guards, audit }) => {
  app.route(
    listRoute({
      entity: ORDER_GENERATION_LIST_ENTITY,
      item: orderGenerationSchema,
      tag: 'order generations',
      summary: 'List order generations with paging, sorting and filters (admin)',
      preHandler: guards.admin,
      list: (request) => orderGenerations.list(request),
    }),
  );

  app.get(
    '/order-generation/:id',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['order generations'],
        summary: 'One order generation (admin)',
        params: idParams,
        response: { 200: dataEnvelope(z.object({ orderGeneration: orderGenerationSchema })) },
      },
    },
    async (request) => ({ data: { orderGeneration: await orderGenerations.get(request.params.id) } }),
  );

  app.post(
    '/order-generation/:id/retry',
    {
      preHandler: guards.admin,
      config: { errors: ['ORDER_GENERATION_NOT_FAILED'] },
      schema: {
        tags: ['order generations'],
        summary: 'Retry a failed order generation („Erneut versuchen”, admin); 409 unless it failed',
        params: idParams,
        body: noParametersBody,
        response: { 200: dataEnvelope(z.object({ orderGeneration: orderGenerationSchema })) },
      },
    },
    async (request) => {
      const principal = guards.adminOf(request);
      const orderGeneration = await orderGenerations.retry(request.params.id, (transaction, failed) =>
        audit.record(transaction, {
          entity: 'order-generation',
          entityId: failed._id,
          action: 'retried',
          principal,
          changes: [
            { field: 'progress', before: failed.progress, after: 'in-progress' },
            { field: 'error', before: failed.error, after: null },
          ],
        }),
      );
      return { data: { orderGeneration } };
    },
  );

  app.post(
    '/order-generation/:id/undo',
    {
      preHandler: guards.admin,
      config: { errors: ['ORDER_GENERATION_NOT_COMPLETED'] },
      schema: {
        tags: ['order generations'],
        summary:
          'Undo a completed order („Bestellung rückabwickeln”, admin): its licenses or those named back to what was paid for; with `dryRun` only what it would do (the same undo, rolled back); 409 unless completed',
        params: idParams,
        body: orderUndoRequestSchema,
        response: { 200: dataEnvelope(orderUndoSchema) },
      },
    },
    async (request) => {
      const principal = guards.adminOf(request);
      const undone = await orderGenerations.undo(
        request.params.id,
        request.body.licenses,
        (transaction, entry) => audit.record(transaction, { ...entry, action: 'order-undone', principal }),
        request.body.dryRun,
      );
      return { data: undone };
    },
  );

  app.get(
    '/license/:id/order-generation',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['order generations'],
        summary: 'Order generations of a license (admin)',
        params: idParams,
        response: { 200: dataEnvelope(z.object({ orderGenerations: z.array(orderGenerationSchema) })) },
      },
    },
    async (request) => ({
      data: { orderGenerations: await orderGenerations.forLicense(request.params.id) },
    }),
  );
};
