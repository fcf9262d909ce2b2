import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holderBindingSchema,
  licenseCreateSchema,
  licenseSchema,
  licenseUpdateSchema,
} from '@lizenzportal/domain';
import { idParams } from '../../http/id-params.ts';
import { dataEnvelope } from '../../http/envelope.ts';
import { listRoute } from '../../http/list-route.ts';
import { LICENSE_LIST } from './list.ts';
import type { Guards } from '../auth/guards.ts';
import type { LicenseBinding } from './binding.ts';
import type { LicenseService } from './service.ts';

const licenseEnvelope = dataEnvelope(z.object({ license: licenseSchema }));

export interface LicenseRoutesOptions {
  licenses: LicenseService;
  binding: LicenseBinding;
  guards: Guards;
}

export const licenseRoutes: FastifyPluginAsyncZod<LicenseRoutesOptions> = async (
  app,
  { licenses, binding, guards },
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
      const created = await licenses.createByAdmin(request.body, guards.adminOf(request));
      return reply.code(201).send({ data: { licenses: created } });
    },
  );

  app.get(
    '/license',
    listRoute({
      entity: LICENSE_LIST,
      key: 'licenses',
      item: licenseSchema,
      tag: 'licenses',
      summary: 'List licenses with paging, sorting and filters (admin)',
      preHandler: guards.admin,
      list: (request) => licenses.list(request),
    }),
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
    async (request) => ({
      data: { license: await licenses.update(request.params.id, request.body, guards.adminOf(request)) },
    }),
  );

  app.post(
    '/license/:id/holder',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['licenses'],
        summary:
          'Bind the signed-in unbound license to its holder (license user: its own); 409 if not unbound',
        params: idParams,
        body: holderBindingSchema,
        response: { 200: licenseEnvelope },
      },
    },
    async (request) => ({
      data: { license: await binding.bind(request.params.id, guards.principalOf(request), request.body) },
    }),
  );
};
