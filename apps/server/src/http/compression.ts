import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES } from '@lizenzportal/domain';

/**
 * What the API compresses: JSON. The plugin adds every type its MIME database calls compressible,
 * which leaves out PDFs, ZIPs and the product downloads (compressed already, and the 2 GB
 * installers are sent in byte ranges that an encoding would break) but not CSV: the CSV exports,
 * streamed as they are read from the database, turn compression off on their routes
 * (`compress: false`).
 */
const COMPRESSED_TYPES = /^application\/json\b/;

/**
 * Compresses the API's JSON answers (lists, records) for clients that accept it, brotli or gzip at
 * fast levels (brotli 4, the plugin's default; quality 11 is for the build's files, made once).
 * Answers below the threshold go as they are: the sign-in routes, the hottest, answer with less.
 * Request bodies are never decompressed: the API reads plain JSON only.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSED_TYPES,
    globalDecompression: false,
  });
}
