import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES, SETTINGS_ELEMENT_ID, type PortalSettings } from '@lizenzportal/domain';

type Encoding = 'br' | 'gzip';

/** An entry page of the web build as the server sends it: with the settings, compressed once. */
export interface EntryPage {
  body: Buffer;
  /** The encodings that make the page smaller, brotli first (the browser's preference too). */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** One validator for all encodings: they are the same page (a weak one, as RFC 9110 allows). */
  etag: string;
}

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/** JSON inside a script element: with `<` escaped no value can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * The page with the portal's settings in its head (`<script type="application/json">`, which no
 * CSP concerns: it is data, never run). The web app reads them from there instead of asking
 * `GET /settings` after its scripts have run: a round trip less before the first screen on a slow
 * connection (decision 051). Made once when the server starts: the settings change only with a
 * restart, so the page is compressed once at the best quality, like the build's other files.
 */
export function buildEntryPage(html: string, settings: PortalSettings): EntryPage {
  if (!html.includes('</head>')) throw new Error('An entry page of the web build has no </head>.');
  const element = `<script id="${SETTINGS_ELEMENT_ID}" type="application/json">${scriptJson(settings)}</script>`;
  const body = Buffer.from(html.replace('</head>', `${element}</head>`));
  const encoded: EntryPage['encoded'] = {};
  if (body.length >= COMPRESSION_THRESHOLD_BYTES) {
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = COMPRESS[encoding](body);
      if (compressed.length < body.length) encoded[encoding] = compressed;
    }
  }
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, encoded, etag };
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.slice(2));

/**
 * Sends an entry page: `304` to a browser that has it, else the encoding it accepts (brotli before
 * gzip) with its length. Never cached without asking: a new build changes the scripts it names.
 */
export function sendEntryPage(request: FastifyRequest, reply: FastifyReply, page: EntryPage): FastifyReply {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted === undefined ? null : negotiate(accepted, Object.keys(page.encoded) as Encoding[]);
  if (encoding === null) return reply.send(page.body);
  return reply.header('content-encoding', encoding).send(page.encoded[encoding]);
}
