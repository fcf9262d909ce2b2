import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema } from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { idParams } from '../../http/id-params.ts';
import type { Guards } from '../../http/guards.ts';
import type { AuditLog } from './audit-log.ts';

const entriesEnvelope = dataEnvelope(z.object({ entries: z.array(auditEntrySchema) }));

/** The audit trail of a record, shown on its detail page. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditLog; guards: Guards }> = async (
  app,
  { audit, guards },
) => {
  const routes = [
    ['/license/:id/audit', 'license', 'Audit trail of a license, newest first (admin)'],
    ['/delivery/:id/audit', 'delivery', 'Audit trail of a delivery, newest first (admin)'],
    [
      '/order-generation/:id/audit',
      'order-generation',
      'Audit trail of an order generation, newest first (admin)',
    ],
  ] as const;
  for (const [path, entity, summary] of routes) {
    app.get(
      path,
      {
        preHandler: guards.admin,
        schema: { tags: ['audit'], summary, params: idParams, response: { 200: entriesEnvelope } },
      },
      async (request) => ({ data: { entries: await audit.forEntity(entity, request.params.id) } }),
    );
  }
};
