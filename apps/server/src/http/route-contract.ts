import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from '@lizenzportal/domain';
import { errorEnvelopeSchema } from './envelope.ts';
import type { RouteAccess } from './guards.ts';

/** The OpenAPI security schemes, one per kind of credential (`components.securitySchemes`). */
export const SECURITY_SCHEMES = {
  adminBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Sign-in token of an admin (POST /api/v1/auth/admin)',
  },
  licenseBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Sign-in token of a license (POST /api/v1/auth/license)',
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'Token of one upgrade session (answer of POST /api/v1/upgrade-session)',
  },
  offerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'Token of an offer (POST /api/v1/upgrade-session/offer-code)',
  },
  signedLink: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description: 'A link the portal signed (with `expires`); the signature is the permission',
  },
  shopSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-WC-Webhook-Signature',
    description: "Base64 HMAC-SHA256 of the body with the shop's webhook secret",
  },
} as const;

type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/** The credentials each access admits: any one of them will do. */
const SCHEMES_OF: Record<RouteAccess, SecurityScheme[]> = {
  public: [],
  signedIn: ['licenseBearer', 'adminBearer'],
  admin: ['adminBearer'],
  sessionToken: ['sessionToken'],
  offerToken: ['offerToken'],
  signedLink: ['signedLink'],
  shopSignature: ['shopSignature'],
  // `/metrics` is for the operator's scraper, not in the API's documentation.
  metricsToken: [],
};

/** The refusals of each access: no or a wrong credential (401), another's credential (403). */
const REFUSALS_OF: Record<RouteAccess, ErrorCode[]> = {
  public: [],
  signedIn: ['AUTHENTICATION_REQUIRED', 'FORBIDDEN'],
  admin: ['AUTHENTICATION_REQUIRED', 'FORBIDDEN'],
  sessionToken: ['AUTHENTICATION_REQUIRED', 'FORBIDDEN'],
  offerToken: ['AUTHENTICATION_REQUIRED'],
  signedLink: ['FORBIDDEN'],
  shopSignature: ['WEBHOOK_SIGNATURE_INVALID'],
  metricsToken: ['AUTHENTICATION_REQUIRED'],
};

/**
 * What any request may be answered, whatever its route: a request HTTP or the router cannot read
 * (no Host, a broken %-escape in its address), a body or headers too slow or too large for the
 * server (decision 035), too many requests of its client, a failure of the portal.
 */
const EVERY_ROUTE: ErrorCode[] = [
  'MALFORMED_REQUEST',
  'MALFORMED_URL',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
];
/** Methods whose body the server reads, and what a body can be refused for. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_REFUSALS: ErrorCode[] = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // Unfinished bodies of all clients hold what the process allows (decision 035).
  'SERVER_BUSY',
];

/**
 * Completes a route's OpenAPI operation from what the route declares, so no route repeats it:
 * its security (by its access) and an error-envelope answer for every status it can give — from
 * its access, its parameters and body (400, 413, 415), a record or a parameter in its path (404,
 * 414), the limits every route has (400, 408, 429, 431, 500) and its own `config.errors` (a
 * conflict, an expired offer).
 * Each answer's description names the codes of the domain's catalogue it carries.
 */
export function documentAnswers(route: RouteOptions, access: readonly RouteAccess[]): void {
  const schema = (route.schema ??= {});
  if (schema.hide) return;
  const codes = new Set<ErrorCode>([
    ...EVERY_ROUTE,
    ...access.flatMap((kind) => REFUSALS_OF[kind]),
    ...(route.config?.errors ?? []),
  ]);
  if ([route.method].flat().some((method) => BODY_METHODS.has(method))) {
    for (const code of BODY_REFUSALS) codes.add(code);
  }
  if (schema.params || schema.querystring) codes.add('VALIDATION_FAILED');
  if (/\/:id(\/|$)/.test(route.url)) codes.add('NOT_FOUND');
  // The router takes a parameter of at most `maxParamLength` (100) characters.
  if (route.url.includes('/:')) codes.add('URL_TOO_LONG');

  const response = (schema.response ??= {}) as Record<string, unknown>;
  for (const [status, carried] of byStatus(codes)) {
    response[status] ??= errorEnvelopeSchema.describe(`Error envelope: ${carried.join(', ')}`);
  }
  schema.security = access.flatMap((kind) => SCHEMES_OF[kind].map((scheme) => ({ [scheme]: [] })));
}

function byStatus(codes: Set<ErrorCode>): Map<number, ErrorCode[]> {
  const grouped = new Map<number, ErrorCode[]>();
  for (const code of [...codes].sort()) {
    const { status } = ERROR_CODES[code];
    grouped.set(status, [...(grouped.get(status) ?? []), code]);
  }
  return grouped;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The errors a route answers beyond those its access, parameters and body imply (a conflict,
     * an expired offer …): documented in the OpenAPI document.
     */
    errors?: readonly ErrorCode[];
    /** The media types of the file a route answers with instead of JSON (a CSV export, a PDF). */
    fileTypes?: readonly string[];
  }
}

/**
 * The OpenAPI document's transform: zod schemas as JSON schemas; the success answers of routes
 * that send a file (which no JSON schema describes): 200, and 206 where the route serves ranges;
 * and for a signed link, which a browser opens from a mail, the page each refusal is to a browser
 * asking for HTML beside its envelope (decision 076).
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const { fileTypes, errors, access } = input.route.config ?? {};
  const signedLink = [access ?? []].flat().includes('signedLink');
  if (!fileTypes && !signedLink) return transformed;
  const response: Record<string, unknown> = { ...(transformed.schema.response as object) };
  if (fileTypes) {
    const content = Object.fromEntries(
      fileTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]),
    );
    response['200'] = { description: 'The file', content };
    if (errors?.includes('RANGE_NOT_SATISFIABLE'))
      response['206'] = { description: 'A range of the file', content };
  }
  if (signedLink) {
    for (const [status, answer] of Object.entries(response)) {
      if (Number(status) < 400) continue;
      const { description, ...envelope } = answer as { description?: string };
      response[status] = {
        description: `${description ?? ''}; to a browser asking for text/html, a German page saying the same`,
        content: {
          'application/json': { schema: envelope },
          'text/html': { schema: { type: 'string' } },
        },
      };
    }
  }
  return { ...transformed, schema: { ...transformed.schema, response } };
};
