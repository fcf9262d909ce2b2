import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorOf, TEST_ADMIN, useTestApp } from '../../test/app.ts';

const ctx = useTestApp({ LICENSE_SESSION_SECONDS: '60', ADMIN_SESSION_SECONDS: '90' });

afterEach(() => vi.useRealTimers());

/** The claims of a token, read without checking it (the server checks, this only looks). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };

const extend = (token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/session',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function licenseSignIn(): Promise<string> {
  const license = await ctx.createLicense();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.startCode },
  });
  return response.json().data.token;
}

describe('the length of a sign-in', () => {
  test('is the configured one for each user type', async () => {
    const license = claimsOf(await licenseSignIn());
    expect(license.exp - license.iat).toBe(60);
    await ctx.adminHeaders();
    const admin = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/admin', payload: TEST_ADMIN });
    const claims = claimsOf(admin.json().data.token);
    expect(claims.exp - claims.iat).toBe(90);
  });
});

describe('extending a sign-in', () => {
  test('gives a license a new token of a full session from now, with its user', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await licenseSignIn();
    vi.setSystemTime(Date.now() + 30_000);
    const response = await extend(token);
    expect(response.statusCode).toBe(200);
    const { token: extended, userData } = response.json().data;
    expect(userData).toMatchObject({ type: 'license', status: 'unbound' });
    expect(claimsOf(extended).exp - claimsOf(token).exp).toBe(30);
  });

  test('gives an admin a new token that the back office accepts', async () => {
    const { authorization } = await ctx.adminHeaders();
    const response = await extend(authorization.replace('Bearer ', ''));
    expect(response.json().data.userData).toMatchObject({ type: 'admin', name: TEST_ADMIN.username });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license',
      headers: { authorization: `Bearer ${response.json().data.token}` },
    });
    expect(list.statusCode).toBe(200);
  });

  test('is refused without a token and once the session has ended', async () => {
    expect(errorOf(await extend())).toMatchObject({ status: 401 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await licenseSignIn();
    vi.setSystemTime(Date.now() + 61_000);
    expect(errorOf(await extend(token))).toMatchObject({ status: 401 });
  });
});
