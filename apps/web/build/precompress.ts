import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../packages/domain/src/http/compression.ts';

/**
 * What a browser downloads as text: scripts, styles, icons (not source maps: only a developer's
 * server sends them; not the entry pages: the server writes the settings into them and compresses
 * them when it starts, apps/server/src/modules/web/entry-pages.ts).
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings written beside each file, the best compression each has: they are made once. */
const ENCODINGS = [
  {
    extension: '.br',
    compress: (body: Buffer) =>
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
  },
  { extension: '.gz', compress: (body: Buffer) => gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }) },
] as const;

/** Whether `file.br` was written after `file` itself: by an earlier build into the same folder. */
async function compressedAlready(file: string): Promise<boolean> {
  const [original, brotli] = await Promise.all([fs.stat(file), fs.stat(`${file}.br`).catch(() => null)]);
  return brotli !== null && brotli.mtimeMs >= original.mtimeMs;
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file below `dir`, at the highest quality
 * (too slow per request, fine once per build). An encoding that would not make a file smaller is
 * not written, nor one for a file below the portal's compression threshold. Files the portal's
 * build compressed are left alone when the assistant's build adds its own (vite.config.ts).
 */
export async function precompressFolder(dir: string): Promise<void> {
  const files = (await fs.readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const body = await fs.readFile(full);
      if (body.length < COMPRESSION_THRESHOLD_BYTES || (await compressedAlready(full))) return;
      for (const { extension, compress } of ENCODINGS) {
        const compressed = await compress(body);
        if (compressed.length < body.length) await fs.writeFile(full + extension, compressed);
      }
    }),
  );
}

/**
 * Compresses the build once it is written: the server sends the encoding the browser accepts
 * (`preCompressed` of @fastify/static, apps/server/src/modules/web/routes.ts).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressFolder(outDir),
  };
}
