import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { WEB_APP_NOT_BUILT, type PortalSettings } from '@lizenzportal/domain';
import { notFound } from '../../lib/app-error.ts';
import { sendError } from '../../http/error-handler.ts';
import { isFramedPage } from '../../http/page-headers.ts';
import { buildEntryPage, sendEntryPage } from './entry-pages.ts';
import { ROBOTS_TXT } from './robots.ts';

export interface WebRoutesOptions {
  distDir: string;
  /** Whether the build's source maps are served (never in production: they are the app's sources). */
  sourceMaps: boolean;
  /** What the entry pages carry for the web app (modules/settings). */
  settings: PortalSettings;
}

/** How long crawlers may keep `/robots.txt`: a day, as they usually do. */
const ROBOTS_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * Serves the built web app: files from the web build, brotli or gzip where the browser accepts it
 * (the build writes both beside each file: apps/web/build/precompress.ts), the license assistant's
 * own entry `assistant.html` at its address (the page the shop frames loads none of the portal's
 * code), the single-page app's `index.html` for every other page address (client-side routes),
 * both with the settings in them (entry-pages.ts), `/robots.txt`, and the 404 envelope for unknown
 * API addresses and missing files.
 */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (
  app,
  { distDir, sourceMaps, settings },
) => {
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  const entryPage = (file: string) =>
    buildEntryPage(fs.readFileSync(path.join(distDir, file), 'utf8'), settings);
  const pages = built
    ? { portal: entryPage('index.html'), assistant: entryPage('assistant.html') }
    : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      preCompressed: true,
      // The entry pages go with their settings, at every page address (the handler below).
      allowedPath: (pathName) => !pathName.endsWith('.html') && (sourceMaps || !pathName.endsWith('.map')),
      setHeaders: (response, filePath) => {
        const immutable = filePath.startsWith(path.join(distDir, 'assets'));
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${ROBOTS_MAX_AGE_SECONDS}`)
      .send(ROBOTS_TXT),
  );

  app.setNotFoundHandler(async (request, reply) => {
    // The build's files are under /assets: a missing one (or a withheld source map) is no page.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (!isPage) return sendError(reply, notFound('address'));
    if (!pages) {
      return reply.code(503).type('text/plain; charset=utf-8').send(WEB_APP_NOT_BUILT);
    }
    return sendEntryPage(request, reply, isFramedPage(request.url) ? pages.assistant : pages.portal);
  });
};
