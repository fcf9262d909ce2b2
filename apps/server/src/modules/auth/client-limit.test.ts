import { expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';

const ctx = useTestApp({ AUTH_CLIENT_LIMIT: '5' });

test('limits sign-in requests per client with 429 and Retry-After', async () => {
  const statusOf = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license-status',
      payload: { key: 'AAAA-BBBB-CCCC' },
    });
  for (let request = 0; request < 5; request++) expect((await statusOf()).statusCode).toBe(404);
  const limited = await statusOf();
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
