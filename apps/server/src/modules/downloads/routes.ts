import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadRecordSchema, LICENSE_DOWNLOADS, METASEARCH_PLATFORMS } from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { idParams } from '../../http/id-params.ts';
import { listRoute } from '../../http/list-route.ts';
import { signedFileQuerySchema } from '../../lib/signed-urls.ts';
import type { Guards } from '../../http/guards.ts';
import { DOWNLOAD_LIST_ENTITY } from './list.ts';
import { DOWNLOAD_FILE_ROUTE, type DownloadService } from './service.ts';

const urlEnvelope = dataEnvelope(z.object({ url: z.url() }));
const nullableVersion = z.string().nullable();
const latestEnvelope = dataEnvelope(
  z.object({
    version: nullableVersion,
    platforms: z.record(z.enum(METASEARCH_PLATFORMS), nullableVersion),
    multistep: nullableVersion,
  }),
);
const LINK_SUMMARY = 'recorded in the download log and counted; 403 without the capability, 404 unpublished';

/**
 * The download area's links (customer spec §7), the file behind a signed download link, and the
 * back office's download log.
 */
export const downloadRoutes: FastifyPluginAsyncZod<{ downloads: DownloadService; guards: Guards }> = async (
  app,
  { downloads, guards },
) => {
  app.route(
    listRoute({
      entity: DOWNLOAD_LIST_ENTITY,
      item: downloadRecordSchema(),
      tag: 'downloads',
      summary: 'The download log with paging, sorting and filters, e.g. license=<id> (admin)',
      preHandler: guards.admin,
      list: (request) => downloads.list(request),
    }),
  );

  app.get(
    '/license/:id/download/:product/url',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['downloads'],
        summary: `Signed link to the latest main product, release notes or server guide of the own license; ${LINK_SUMMARY}`,
        params: idParams.extend({ product: z.enum(LICENSE_DOWNLOADS) }),
        response: { 200: urlEnvelope },
      },
    },
    async (request) => ({
      data: {
        url: await downloads.link(
          guards.principalOf(request),
          { product: request.params.product },
          request.params.id,
        ),
      },
    }),
  );

  app.get(
    '/product/metasearch/latest-version',
    {
      preHandler: guards.signedIn,
      schema: {
        tags: ['downloads'],
        summary: 'Latest versions of the search product: overall, per platform, and the multistep installer',
        response: { 200: latestEnvelope },
      },
    },
    async () => ({ data: await downloads.latestVersions() }),
  );

  app.get(
    '/product/metasearch/platform/:platform/download-link',
    {
      preHandler: guards.signedIn,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags: ['downloads'],
        summary: `Signed link to the one-click installer of a platform; ${LINK_SUMMARY}`,
        params: z.strictObject({ platform: z.enum(METASEARCH_PLATFORMS) }),
        response: { 200: urlEnvelope },
      },
    },
    async (request) => ({
      data: {
        url: await downloads.link(guards.principalOf(request), {
          product: 'metasearch',
          platform: request.params.platform,
        }),
      },
    }),
  );

  app.get(
    '/product/metasearch/extra/multistep/download-link',
    {
      preHandler: guards.signedIn,
      config: { errors: ['NOT_FOUND'] },
      schema: {
        tags: ['downloads'],
        summary: `Signed link to the multistep installer; ${LINK_SUMMARY}`,
        response: { 200: urlEnvelope },
      },
    },
    async (request) => ({
      data: { url: await downloads.link(guards.principalOf(request), { product: 'metasearch-multistep' }) },
    }),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: DOWNLOAD_FILE_ROUTE,
    exposeHeadRoute: false,
    config: {
      access: 'signedLink',
      errors: ['NOT_FOUND', 'RANGE_NOT_SATISFIABLE'],
      fileTypes: ['application/octet-stream'],
    },
    schema: {
      tags: ['downloads'],
      summary:
        'The file behind a signed download link (no token; the signature is the permission); HEAD, Range, If-Range',
      querystring: signedFileQuerySchema,
    },
    handler: (request, reply) => downloads.send(request, reply, request.query, request.log),
  });
};
