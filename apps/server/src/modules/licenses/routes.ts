import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backOfficeMessages,
  DEFAULT_LIST_SORT,
  holderBindingSchema,
  recordIdSchema,
  licenseCreateSchema,
  licenseSchema,
  licenseUpdateSchema,
  type ApiListQuery,
} from '@lizenzportal/domain';
import { idParams } from '../../http/id-params.ts';
import { dataEnvelope } from '../../http/envelope.ts';
import { listQuerystringSchema, listRoute, readListQuery } from '../../http/list-route.ts';
import { compileListQuery, MAX_PAGE_SIZE } from '../../lists/compile.ts';
import { datedFileName } from '../../lib/dated-file-name.ts';
import { LICENSE_LIST_ENTITY } from './list.ts';
import type { Guards } from '../../http/guards.ts';
import type { LicenseBinding } from './binding.ts';
import type { LicenseService } from './service.ts';

const licenseEnvelope = dataEnvelope(z.object({ license: licenseSchema() }));
const exportSelectionBody = z.strictObject({
  licenses: z.array(recordIdSchema).min(1).max(MAX_PAGE_SIZE),
  sort: z.string().max(100).optional(),
});

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
        body: licenseCreateSchema(),
        response: { 201: dataEnvelope(z.object({ licenses: z.array(licenseSchema()) })) },
      },
    },
    async (request, reply) => {
      const created = await licenses.createByAdmin(request.body, guards.adminOf(request));
      return reply.code(201).send({ data: { licenses: created } });
    },
  );

  app.route(
    listRoute({
      entity: LICENSE_LIST_ENTITY,
      item: licenseSchema(),
      tag: 'licenses',
      summary: 'List licenses with paging, sorting and filters (admin)',
      preHandler: guards.admin,
      list: (request) => licenses.list(request),
    }),
  );

  /**
   * An export route's options: the licenses a query selects as a CSV file (admin), streamed as it is
   * read — compressing would hold rows back (decision 040).
   */
  const exportRoute = <Input extends { querystring: z.ZodType } | { body: z.ZodType }>(
    summary: string,
    input: Input,
  ) => ({
    preHandler: guards.admin,
    compress: false as const,
    config: { fileTypes: ['text/csv'] },
    schema: { tags: ['licenses'], summary, ...input },
  });
  const sendExport = async (reply: FastifyReply, query: ApiListQuery) =>
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${datedFileName(backOfficeMessages.licenseExportFile, new Date())}"`,
      )
      .header('cache-control', 'private, no-store')
      .send(await licenses.exportCsv(compileListQuery(query, LICENSE_LIST_ENTITY)));

  app.get(
    '/license-export',
    exportRoute('Every license the filters match, without paging, as a streamed CSV file (admin)', {
      querystring: listQuerystringSchema,
    }),
    async (request, reply) => sendExport(reply, { ...readListQuery(request), limit: '0', skip: '0' }),
  );

  app.post(
    '/license-export',
    exportRoute('The selected licenses (up to 1,000) as a CSV file, in the order of `sort` (admin)', {
      body: exportSelectionBody,
    }),
    async (request, reply) => {
      const { licenses: ids, sort = DEFAULT_LIST_SORT } = request.body;
      return sendExport(reply, { sort, filters: [{ field: '_id', operator: 'in', values: ids }] });
    },
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
      config: { errors: ['LICENSE_CHANGED'] },
      schema: {
        tags: ['licenses'],
        summary: 'Save an edited license (admin)',
        params: idParams,
        body: licenseUpdateSchema(),
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
      config: { errors: ['LICENSE_NOT_UNBOUND'] },
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
