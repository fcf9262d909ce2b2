import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LICENSE_IMPORT_MAX_BYTES,
  licenseImportFindingSchema,
  licenseImportPageMessages as texts,
  licenseImportRunRequestSchema,
  licenseImportRunSchema,
  licenseImportUploadSchema,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import { idParams } from '../../http/id-params.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LicenseImportUploads } from './uploads.ts';

export interface LicenseImportRoutesOptions {
  uploads: LicenseImportUploads;
  guards: Guards;
}

const uploadEnvelope = dataEnvelope(z.object({ upload: licenseImportUploadSchema() }));
/** Runs a page of the list shows at most. */
const MAX_RUNS = 100;

/**
 * „Lizenzen importieren” (admins, decision 061): the upload streamed to the storage, a run asked
 * for (dry run, then import), the upload's state as its job goes, the runs and their reports.
 */
export const licenseImportRoutes: FastifyPluginAsyncZod<LicenseImportRoutesOptions> = async (
  app,
  { uploads, guards },
) => {
  await app.register(async (scope) => {
    // The file is streamed to the storage as it arrives, never read whole: whatever its type,
    // the route takes the request's stream as it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/license-import-upload',
      {
        preHandler: guards.admin,
        config: { fileTypes: ['text/csv', 'application/json', 'application/octet-stream'] },
        schema: {
          tags: ['license-import'],
          summary: `Upload a file to import licenses from, up to ${LICENSE_IMPORT_MAX_BYTES / 1024 / 1024} MB (admin)`,
          querystring: z.strictObject({ name: z.string().trim().min(1).max(255) }),
          response: { 201: uploadEnvelope },
        },
      },
      async (request, reply) => {
        const announced = Number(request.headers['content-length']);
        if (announced > LICENSE_IMPORT_MAX_BYTES) {
          reply.header('connection', 'close');
          throw new AppError('PAYLOAD_TOO_LARGE', texts.fileTooLarge(LICENSE_IMPORT_MAX_BYTES / 1024 / 1024));
        }
        const upload = await uploads.receive(
          request.body as Readable,
          request.query.name,
          guards.adminOf(request).name,
        );
        return reply.code(201).send({ data: { upload } });
      },
    );
  });

  app.get(
    '/license-import-upload/:id',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['license-import'],
        summary: 'An uploaded file: its columns and mapping, the run asked for, its latest run (admin)',
        params: idParams,
        response: { 200: uploadEnvelope },
      },
    },
    async (request) => ({ data: { upload: await uploads.get(request.params.id) } }),
  );

  app.post(
    '/license-import-upload/:id/run',
    {
      preHandler: guards.admin,
      config: { errors: ['CONFLICT'] },
      schema: {
        tags: ['license-import'],
        summary:
          'Ask for a dry run of an uploaded file, or its import after a dry run of the same mapping (admin)',
        params: idParams,
        body: licenseImportRunRequestSchema(),
        response: { 202: uploadEnvelope },
      },
    },
    async (request, reply) => {
      const upload = await uploads.request(request.params.id, request.body, guards.adminOf(request).name);
      return reply.code(202).send({ data: { upload } });
    },
  );

  app.get(
    '/license-import-run',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['license-import'],
        summary: 'The runs of the import, newest first (admin)',
        querystring: z.strictObject({
          skip: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(MAX_RUNS).default(20),
        }),
        response: {
          200: dataEnvelope(z.object({ runs: z.array(licenseImportRunSchema()), total: z.number().int() })),
        },
      },
    },
    async (request) => ({ data: await uploads.runs(request.query.skip, request.query.limit) }),
  );

  app.get(
    '/license-import-run/:id/findings',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['license-import'],
        summary: "A run's first findings in line order, and how many it has (admin)",
        params: idParams,
        response: {
          200: dataEnvelope(
            z.object({ findings: z.array(licenseImportFindingSchema()), total: z.number().int() }),
          ),
        },
      },
    },
    async (request) => ({ data: await uploads.findings(request.params.id) }),
  );

  app.get(
    '/license-import-run/:id/report',
    {
      preHandler: guards.admin,
      compress: false,
      config: { fileTypes: ['text/csv'] },
      schema: {
        tags: ['license-import'],
        summary: "A run's report as a streamed CSV file: line, column, kind, message (admin)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const report = await uploads.report(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(`${report.fileName}.csv`)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(report.body);
    },
  );
};
