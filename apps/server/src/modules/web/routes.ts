import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { sendError } from '../../http/error-handler.ts';

/**
 * Serves the built single-page app: files from the web build, `index.html` for every other page
 * address (client-side routes), and the 404 envelope for unknown API addresses.
 */
export const webRoutes: FastifyPluginAsync<{ distDir: string }> = async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      setHeaders: (response, filePath) => {
        const immutable = filePath.startsWith(path.join(distDir, 'assets'));
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage) return sendError(reply, new AppError('NOT_FOUND', 'Diese Adresse gibt es nicht.'));
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('Die Web-Oberfläche ist noch nicht gebaut. Bitte `npm run build` ausführen.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
