import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentMessages,
  LICENSE_DOCUMENT_TYPES,
  licenseSchema,
  recordIdSchema,
} from '@lizenzportal/domain';
import { idParams } from '../../http/id-params.ts';
import { dataEnvelope, noParametersBody } from '../../http/envelope.ts';
import { STORAGE_KEY_MAX_LENGTH, STORAGE_KEY_PATTERN } from '../../lib/storage/storage-key.ts';
import type { Guards } from '../../http/guards.ts';
import type { AuditLog } from '../audit/index.ts';
import { BATCH_FORMATS, MAX_BATCH_SIZE } from './batch/batch-download.ts';
import type { DocumentModule } from './module.ts';
import { DOCUMENT_FILE_ROUTE } from './service.ts';
import { signedFileQuerySchema } from '../../lib/signed-urls.ts';

const urlEnvelope = dataEnvelope(z.object({ url: z.url() }));
const licenseEnvelope = dataEnvelope(z.object({ license: licenseSchema() }));
const documentKey = z.string().max(STORAGE_KEY_MAX_LENGTH).regex(STORAGE_KEY_PATTERN);
const batchBody = z.strictObject({
  licenses: z.array(recordIdSchema).superRefine((ids, context) => {
    if (ids.length < 1 || ids.length > MAX_BATCH_SIZE) {
      context.addIssue({ code: 'custom', message: documentMessages.batchSize(MAX_BATCH_SIZE) });
    }
  }),
});

/** Document URLs, the signed file download, generation and batch downloads. */
export const documentRoutes: FastifyPluginAsyncZod<{
  module: DocumentModule;
  guards: Guards;
  audit: AuditLog;
}> = async (app, { module: { documents, batch }, guards, audit }) => {
  for (const kind of LICENSE_DOCUMENT_TYPES) {
    app.get(
      `/license/:id/${kind}-document-url`,
      {
        preHandler: guards.signedIn,
        schema: {
          tags: ['documents'],
          summary: `Short-lived URL of the ${kind} document (admin: any license; license user: its own)`,
          params: idParams,
          response: { 200: urlEnvelope },
        },
      },
      async (request) => ({
        data: { url: await documents.documentUrl(kind, request.params.id, guards.principalOf(request)) },
      }),
    );

    app.post(
      `/license/:id/${kind}-document`,
      {
        preHandler: guards.admin,
        config: { errors: ['CONFLICT'] },
        schema: {
          tags: ['documents'],
          summary: `Generate or regenerate the ${kind} document (admin)`,
          params: idParams,
          body: noParametersBody,
          response: { 200: licenseEnvelope },
        },
      },
      async (request) => {
        const principal = guards.adminOf(request);
        const license = await documents.generate(kind, request.params.id, (transaction, row, changes) =>
          audit.record(transaction, {
            entity: 'license',
            entityId: row.id,
            action: `${kind}-document-generated`,
            principal,
            changes,
          }),
        );
        return { data: { license } };
      },
    );
  }

  app.post(
    '/document/url',
    {
      preHandler: guards.admin,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags: ['documents'],
        summary: 'Short-lived URL of a stored document (admin)',
        body: z.strictObject({ documentKey }),
        response: { 200: urlEnvelope },
      },
    },
    async (request) => ({ data: { url: await documents.urlForKey(request.body.documentKey) } }),
  );

  app.get(
    DOCUMENT_FILE_ROUTE,
    {
      config: { access: 'signedLink', errors: ['NOT_FOUND'], fileTypes: ['application/pdf'] },
      schema: {
        tags: ['documents'],
        summary: 'The file behind a signed document URL (no token; the signature is the permission)',
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await documents.openSignedFile(request.query);
      return sendFile(reply, file.stream, {
        contentType: file.contentType,
        disposition: 'inline',
        fileName: request.query.name,
        size: file.size,
      });
    },
  );

  app.post(
    '/batch-download/license-documents/:kind/:format',
    {
      preHandler: guards.admin,
      config: { errors: ['NOT_FOUND', 'CONFLICT'], fileTypes: ['application/pdf', 'application/zip'] },
      schema: {
        tags: ['documents'],
        summary: 'Documents of up to 1,000 licenses as one merged PDF or one ZIP, streamed (admin)',
        params: z.strictObject({ kind: z.enum(LICENSE_DOCUMENT_TYPES), format: z.enum(BATCH_FORMATS) }),
        body: batchBody,
      },
    },
    async (request, reply) => {
      const { kind, format } = request.params;
      const rows = await batch.prepare(kind, request.body.licenses);
      const download = batch.open(kind, format, rows);
      return sendFile(reply, download.stream, {
        contentType: download.contentType,
        disposition: 'attachment',
        fileName: download.fileName,
      });
    },
  );
};

function sendFile(
  reply: FastifyReply,
  stream: NodeJS.ReadableStream,
  file: { contentType: string; disposition: 'inline' | 'attachment'; fileName: string; size?: number },
): FastifyReply {
  reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `${file.disposition}; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(stream);
}
