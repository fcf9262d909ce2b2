import { expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const ctx = useTestApp({ AUTH_CLIENT_LIMIT: '2', TRUST_PROXY: '1' });

test('behind one proxy the client is the address the proxy saw; forged entries do not count', async () => {
  const statusVia = (forwardedFor: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license-status',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { key: 'AAAA-BBBB-CCCC' },
    });
  expect((await statusVia('1.1.1.1, 203.0.113.5')).statusCode).toBe(404);
  expect((await statusVia('2.2.2.2, 203.0.113.5')).statusCode).toBe(404);
  expect((await statusVia('3.3.3.3, 203.0.113.5')).statusCode).toBe(429);
  expect((await statusVia('203.0.113.9')).statusCode).toBe(404);
});
