/**
 * The portal probed as an attacker would, from the OpenAPI document, so every new route is covered
 * without touching this file: each route × {anonymous, license A, license B, admin} answers the
 * class its declared access allows (see route-access.ts), every route taking a body survives
 * malformed ones (no 5xx, the server answers afterwards), and the document lists every status
 * these answers had, with the security its access needs (route-contract.ts).
 */
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';
import type { RouteAccess } from './guards.ts';

const ctx = useTestApp();

type Role = 'anonymous' | 'license A' | 'license B' | 'admin';
const ROLES: Role[] = ['anonymous', 'license A', 'license B', 'admin'];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

interface Operation {
  method: string;
  /** The OpenAPI path, `/api/v1/license/{id}`. */
  path: string;
  /** The route as registered, `/api/v1/license/:id`. */
  route: string;
  bodySchema?: { properties?: Record<string, unknown> };
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
  security?: Record<string, unknown>[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/** Every status each operation answered in this file's tests, by `METHOD path`. */
const answered = new Map<string, Set<number>>();

interface World {
  headers: Record<Role, Record<string, string>>;
  licenseA: string;
}

let world: World;

beforeEach(async () => {
  const admin = await ctx.adminHeaders();
  const signIn = async () => {
    const license = await ctx.createLicense();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: license.startCode },
    });
    return { id: license._id, headers: { authorization: `Bearer ${response.json().data.token}` } };
  };
  const [a, b] = [await signIn(), await signIn()];
  world = {
    licenseA: a.id,
    headers: { anonymous: {}, 'license A': a.headers, 'license B': b.headers, admin },
  };
});

async function openApiDocument(): Promise<OpenApiDocument> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
}

async function operations(): Promise<Operation[]> {
  const document = await openApiDocument();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      route: path.replace(/\{(\w+)\}/g, ':$1'),
      bodySchema: operation.requestBody?.content?.['application/json']?.schema as Operation['bodySchema'],
    })),
  );
}

/** The address to call: every `{id}` is license A's, so license B asks for someone else's. */
function urlOf(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === 'id' ? world.licenseA : 'x',
  );
}

async function call(operation: Operation, role: Role, payload?: string, contentType = 'application/json') {
  const response = await ctx.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation),
    headers: { ...world.headers[role], ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
  const key = `${operation.method} ${operation.path}`;
  answered.set(key, (answered.get(key) ?? new Set()).add(response.statusCode));
  return response;
}

const denied = (status: number) => status === 401 || status === 403;

/** Whether a role's answer is of the class the route's access allows (any one of its kinds). */
function allowedAnswer(
  access: readonly RouteAccess[],
  role: Role,
  status: number,
  ownsPath: boolean,
): boolean {
  return access.some((kind) => allowedBy(kind, role, status, ownsPath));
}

function allowedBy(access: RouteAccess, role: Role, status: number, ownsPath: boolean): boolean {
  if (status >= 500) return false;
  switch (access) {
    case 'public':
      return !denied(status);
    case 'admin':
      if (role === 'anonymous') return status === 401;
      if (role === 'admin') return !denied(status);
      return status === 403;
    case 'signedIn':
      if (role === 'anonymous') return status === 401;
      // Someone else's license: refused, or the body is refused before anything is looked up.
      if (role === 'license B' && ownsPath) return status === 403 || status === 404 || status === 400;
      return status !== 401 && (role !== 'admin' || status !== 403);
    case 'sessionToken':
      // Only the session's own token, which none of these roles holds: refused before the body.
      return status === 401;
    case 'offerToken':
      return status === 401;
    case 'signedLink':
    case 'shopSignature':
    case 'metricsToken':
      return status >= 400;
  }
}

describe('every route of the OpenAPI document', () => {
  test('declares who may call it', async () => {
    const undeclared = (await operations())
      .filter((operation) => !ctx.app.routeAccess.has(`${operation.method} ${operation.route}`))
      .map((operation) => `${operation.method} ${operation.route}`);
    expect(
      undeclared,
      'give each route a guard (preHandler: guards.admin / guards.signedIn) or config: { access } (http/route-access.ts)',
    ).toEqual([]);
  });

  test('answers anonymous, license A, license B and admin as its access allows', async () => {
    const wrong: string[] = [];
    for (const operation of await operations()) {
      const access = ctx.app.routeAccess.get(`${operation.method} ${operation.route}`);
      if (!access) continue;
      const ownsPath = operation.path.includes('{id}');
      for (const role of ROLES) {
        const payload = BODY_METHODS.has(operation.method) ? '{}' : undefined;
        const response = await call(operation, role, payload);
        if (!allowedAnswer(access, role, response.statusCode, ownsPath)) {
          wrong.push(`${operation.method} ${operation.path} as ${role} (${access}): ${response.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every route × four roles.
  }, 120_000);
});

/** Values of every wrong kind, for each field of a body. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '\u0000',
  'x'.repeat(100_000),
  '../../../etc/passwd',
  "' or 1=1 --",
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🙂',
  [],
  ['a', 1],
  {},
  { $gt: '' },
];

/** Bodies that are not what any route expects, raw. */
const RAW_BODIES: [string, string][] = [
  ['', 'application/json'],
  ['null', 'application/json'],
  ['[]', 'application/json'],
  ['"text"', 'application/json'],
  ['{', 'application/json'],
  ['{"a":', 'application/json'],
  ['{"__proto__":{"admin":true}}', 'application/json'],
  ['{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
  ['['.repeat(5000) + ']'.repeat(5000), 'application/json'],
  ['\uFEFF{}', 'application/json'],
  ['a=1&b=2', 'application/x-www-form-urlencoded'],
  ['<xml/>', 'text/xml'],
  ['{}', 'text/plain'],
];

describe('every route taking a body', () => {
  test('answers malformed bodies with 4xx, never 5xx, and the server stays healthy', async () => {
    const failures: string[] = [];
    const check = (operation: Operation, what: string, response: LightMyRequestResponse) => {
      if (response.statusCode >= 500) {
        failures.push(`${operation.method} ${operation.path} ${what}: ${response.statusCode}`);
      }
    };
    const bodyRoutes = (await operations()).filter((operation) => BODY_METHODS.has(operation.method));
    expect(bodyRoutes.length).toBeGreaterThan(5);
    for (const operation of bodyRoutes) {
      for (const [payload, contentType] of RAW_BODIES) {
        for (const role of ['anonymous', 'admin'] as const) {
          check(
            operation,
            `${contentType} ${payload.slice(0, 20)}`,
            await call(operation, role, payload, contentType),
          );
        }
      }
      for (const field of Object.keys(operation.bodySchema?.properties ?? {})) {
        for (const value of ODD_VALUES) {
          const payload = JSON.stringify({ [field]: value });
          check(operation, `${field}=${payload.slice(0, 40)}`, await call(operation, 'admin', payload));
        }
      }
    }
    expect(failures).toEqual([]);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
    // Thousands of requests, more with every route taking a body.
  }, 120_000);
});

describe('the OpenAPI document', () => {
  test('lists every status the routes answered above, with the error envelope, and the security of each', async () => {
    const document = await openApiDocument();
    expect(answered.size, 'run with the tests above: they make the answers').toBeGreaterThan(20);
    const undocumented: string[] = [];
    for (const [operation, statuses] of answered) {
      const [method, path] = operation.split(' ') as [string, string];
      const responses = document.paths[path]![method.toLowerCase()]!.responses ?? {};
      for (const status of statuses)
        if (!responses[String(status)]) undocumented.push(`${operation}: ${status}`);
    }
    expect(undocumented, 'declare it in the route: config: { errors: [...] } (route-contract.ts)').toEqual(
      [],
    );

    const unsecured: string[] = [];
    for (const operation of await operations()) {
      const access = ctx.app.routeAccess.get(`${operation.method} ${operation.route}`) ?? [];
      const declared = document.paths[operation.path]![operation.method.toLowerCase()]!;
      const schemes = (declared.security ?? []).flatMap((requirement) => Object.keys(requirement));
      const needsCredential = !access.includes('public');
      // A sign-in's 401 refuses the credentials in its body; any other 401 asks for a credential.
      const refusesWithout = declared.responses?.['401']?.description?.includes('AUTHENTICATION_REQUIRED');
      if (needsCredential !== schemes.length > 0 || (refusesWithout && schemes.length === 0)) {
        unsecured.push(`${operation.method} ${operation.path} (${access.join(', ')}): ${schemes.join(', ')}`);
      }
      for (const scheme of schemes) expect(document.components.securitySchemes).toHaveProperty(scheme);
    }
    expect(unsecured).toEqual([]);
  });

  test('an error answer names its codes and has the envelope schema', async () => {
    const document = await openApiDocument();
    const retry = document.paths['/api/v1/order-generation/{id}/retry']!.post!.responses!;
    expect(retry['409']).toMatchObject({
      description: 'Error envelope: ORDER_GENERATION_NOT_FAILED',
      content: {
        'application/json': {
          schema: { properties: { error: { required: ['status', 'code', 'message', 'requestId'] } } },
        },
      },
    });
    expect(Object.keys(retry)).toEqual(
      expect.arrayContaining([
        '200',
        '400',
        '401',
        '403',
        '404',
        '408',
        '409',
        '413',
        '415',
        '429',
        '431',
        '500',
      ]),
    );
    expect(document.paths['/api/v1/license/{id}']!.get!.security).toEqual([
      { licenseBearer: [] },
      { adminBearer: [] },
    ]);
    expect(document.paths['/api/v1/auth/license']!.post!.security).toEqual([]);
  });
});

describe('a request no route takes', () => {
  test('a wrong method answers 405 with Allow in the error envelope; an unknown address 404', async () => {
    const wrongMethod = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/license/${world.licenseA}` });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers['allow']).toBe('GET, HEAD, PUT');
    expect(wrongMethod.json().error).toMatchObject({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      requestId: wrongMethod.headers['x-request-id'],
    });
    const unknown = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/nothing-here' });
    expect(unknown.json().error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
