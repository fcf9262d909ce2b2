import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { licenseCreateSchema, licenseSchema, licenseUpdateSchema } from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { listQuerystringSchema, parseListRequest } from '../../http/list-query.ts';
import { LICENSE_LIST_FIELDS } from './list-fields.ts';
import type { Guards } from '../auth/guards.ts';
import type { LicenseService } from './service.ts';

const idParams = z.strictObject({ id: z.uuid() });
const licenseEnvelope = dataEnvelope(z.object({ license: licenseSchema }));

export const licenseRoutes: FastifyPluginAsyncZod<{ licenses: LicenseService; guards: Guards }> = async (
  app,
  { licenses, guards },
) => {
  app.post(
    '/license',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['licenses'],
        summary: 'Create 1–50 licenses (admin)',
        body: licenseCreateSchema,
        response: { 201: dataEnvelope(z.object({ licenses: z.array(licenseSchema) })) },
      },
    },
    async (request, reply) => {
      const principal = guards.adminOf(request);
      const created = await licenses.create(request.body, {
        typeOfEntry: 'manual',
        entryReference: principal.name,
      });
      return reply.code(201).send({ data: { licenses: created } });
    },
  );

  app.get(
    '/license',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['licenses'],
        summary: 'List licenses with paging, sorting and filters (admin)',
        querystring: listQuerystringSchema,
        response: { 200: dataEnvelope(z.object({ licenses: z.array(licenseSchema), total: z.int() })) },
      },
    },
    async (request) => ({ data: await licenses.list(parseListRequest(request.url, LICENSE_LIST_FIELDS)) }),
  );

  app.get(
    '/license/:id',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['licenses'],
        summary: 'One license (admin: any; license user: its own)',
        params: idParams,
        response: { 200: licenseEnvelope },
      },
    },
    async (request) => ({
      data: { license: await licenses.get(request.params.id, guards.principalOf(request)) },
    }),
  );

  app.put(
    '/license/:id',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['licenses'],
        summary: 'Save an edited license (admin)',
        params: idParams,
        body: licenseUpdateSchema,
        response: { 200: licenseEnvelope },
      },
    },
    async (request) => ({ data: { license: await licenses.update(request.params.id, request.body) } }),
  );
};
