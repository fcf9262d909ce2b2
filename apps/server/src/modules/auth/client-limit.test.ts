import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { errorOf, useSecondApp, useTestApp } from '../../test/app.ts';

const ctx = useTestApp({ AUTH_CLIENT_LIMIT: '5' });

/** A second server process on the same database. */
const second = useSecondApp(ctx);

const statusOf = (app: FastifyInstance, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/license-status',
    remoteAddress,
    payload: { key: 'AAAA-BBBB-CCCC' },
  });

const limitHeaders = (response: { headers: Record<string, unknown> }) =>
  Object.keys(response.headers).filter((name) => name.startsWith('x-ratelimit'));

test('limits sign-in requests per client with 429 and Retry-After', async () => {
  for (let request = 0; request < 5; request++) {
    const answer = await statusOf(ctx.app);
    expect(answer.statusCode).toBe(404);
    // An answer within the limit says nothing of it (decision 081).
    expect(limitHeaders(answer)).toEqual([]);
  }
  const limited = await statusOf(ctx.app);
  expect(errorOf(limited)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  const otherClient = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    remoteAddress: '198.51.100.7',
    payload: { key: 'AAAA-BBBB-CCCC', authenticationCode: '123456' },
  });
  expect(otherClient.statusCode).toBe(401);
});

test('holds across server processes on one database: together they allow the limit once', async () => {
  const apps = [ctx.app, second.app];
  const statuses: number[] = [];
  for (let request = 0; request < 10; request++) {
    statuses.push((await statusOf(apps[request % 2]!, '198.51.100.20')).statusCode);
  }
  expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429, 429, 429]);
  // Parallel requests spread over both are counted one by one, too.
  const parallel = await Promise.all(
    Array.from({ length: 12 }, (_, index) => statusOf(apps[index % 2]!, '198.51.100.21')),
  );
  const codes = parallel.map((response) => response.statusCode);
  expect(codes.filter((code) => code === 404)).toHaveLength(5);
  expect(codes.filter((code) => code === 429)).toHaveLength(7);
});

test('limits the public creation of upgrade sessions per client the same way', async () => {
  const create = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upgrade-session',
      remoteAddress: '198.51.100.30',
      payload: {
        purchaseType: 'new',
        originalLicenses: [],
        accessTokens: [],
        fromVersion: null,
        toVersion: '9',
        properties: { class: 'pro', size: 1, dvdCount: 0 },
        billing: { countryCode: 'DE' },
        shipToDifferentAddress: false,
        shipping: null,
        resellerLicenses: [],
      },
    });
  for (let request = 0; request < 5; request++) expect((await create()).statusCode).toBe(201);
  const limited = await create();
  expect(errorOf(limited)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});
