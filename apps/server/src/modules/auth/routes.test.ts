import { formatLicenseKey, formatStartCode } from '@lizenzportal/domain';
import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { errorOf, TEST_ADMIN, useTestApp } from '../../test/app.ts';
import { otherSpellings } from '../../test/signatures.ts';
import { createOrResetAdmin } from './admin-accounts.ts';
import { AdminRepository } from './admin-repository.ts';
import { hashPassword } from './passwords.ts';

const ctx = useTestApp();

const createLicense = (payload?: Record<string, unknown>) => ctx.createLicense(payload);
const bindLicense = (license: { _id: string }, name: string) => ctx.bindLicense(license, { name });

const status = (key: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/license-status', payload: { key } });
const login = (key: string, authenticationCode: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/license', payload: { key, authenticationCode } });

describe('license status', () => {
  test('answers the status for a key typed in any grouping and case', async () => {
    const license = await createLicense();
    const response = await status(formatLicenseKey(license.key).toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'unbound' } });
  });

  test('answers 404 for an unknown key and 403 for a disabled license', async () => {
    expect(errorOf(await status('AAAA-BBBB-CCCC'))).toMatchObject({ status: 404, code: 'LICENSE_NOT_FOUND' });
    const license = await createLicense();
    const headers = await ctx.adminHeaders();
    const current = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers })
    ).json().data.license;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${license._id}`,
      headers,
      payload: { ...current, status: 'disabled' },
    });
    expect(errorOf(await status(license.key))).toMatchObject({ status: 403, code: 'LICENSE_DISABLED' });
  });

  test('rejects a key that is not 12 letters or digits with a German 400', async () => {
    const error = errorOf(await status('ABC-123'));
    expect(error).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Die Angabe für das Feld „Lizenzschlüssel” ist ungültig.',
    });
  });
});

describe('license login', () => {
  test('signs an unbound license in with its start code, grouped or not', async () => {
    const license = await createLicense();
    const response = await login(license.key, formatStartCode(license.startCode));
    expect(response.statusCode).toBe(200);
    const { token, userData } = response.json().data;
    expect(userData).toMatchObject({ type: 'license', _id: license._id, status: 'unbound' });
    const user = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.json().data.user).toMatchObject({ type: 'license', key: license.key });
  });

  test('needs the exact holder name once bound and answers 423 for the start code', async () => {
    const license = await createLicense();
    await bindLicense(license, 'Nguyễn Thị Ørsted');
    expect((await login(license.key, 'Nguyễn Thị Ørsted')).statusCode).toBe(200);
    expect(errorOf(await login(license.key, 'nguyễn thị ørsted'))).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(errorOf(await login(license.key, license.startCode))).toMatchObject({
      status: 423,
      code: 'LICENSE_ALREADY_BOUND',
    });
  });

  test('refuses a wrong start code with 401 and a disabled license with 410', async () => {
    const license = await createLicense();
    const wrong = license.startCode === '000000' ? '111111' : '000000';
    expect(errorOf(await login(license.key, wrong))).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(errorOf(await login('AAAA-BBBB-CCCC', '123456'))).toMatchObject({ status: 401 });

    const disabled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${license._id}`,
      headers: await ctx.adminHeaders(),
      payload: { ...license, status: 'disabled' },
    });
    expect(disabled.json().data.license.status).toBe('disabled');
    expect(errorOf(await login(license.key, license.startCode))).toMatchObject({
      status: 410,
      code: 'LICENSE_DEACTIVATED',
    });
  });
});

describe('admin login', () => {
  test('signs in with name and password and refuses a wrong password', async () => {
    await ctx.adminHeaders();
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/admin', payload: TEST_ADMIN });
    expect(ok.json().data.userData).toMatchObject({ type: 'admin', name: TEST_ADMIN.username });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin',
      payload: { username: TEST_ADMIN.username, password: 'nope' },
    });
    expect(errorOf(wrong)).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
  });
});

describe('a disabled license', () => {
  test('ends the sessions signed in before: its token is refused everywhere', async () => {
    const license = await createLicense();
    const signedIn = await login(license.key, license.startCode);
    const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers })).statusCode,
    ).toBe(200);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${license._id}`,
      headers: await ctx.adminHeaders(),
      payload: { ...license, status: 'disabled' },
    });
    for (const url of [`/api/v1/license/${license._id}`, '/api/v1/auth/user']) {
      expect(errorOf(await ctx.app.inject({ method: 'GET', url, headers })).status, url).toBe(401);
    }
  });
});

describe('current user', () => {
  test('answers 401 without a token and for a forged one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/user' });
    expect(errorOf(none)).toMatchObject({ status: 401, code: 'AUTHENTICATION_REQUIRED' });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VyVHlwZSI6ImFkbWluIiwic3ViIjoieCJ9.' },
    });
    expect(forged.statusCode).toBe(401);
  });

  test('answers 401 for every other spelling of a valid token’s signature', async () => {
    const token = (await ctx.adminHeaders()).authorization.slice('Bearer '.length);
    const [content, signature] = [token.slice(0, token.lastIndexOf('.')), token.split('.')[2]!];
    for (const other of otherSpellings(signature)) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/user',
        headers: { authorization: `Bearer ${content}.${other}` },
      });
      expect(errorOf(response).status, other).toBe(401);
    }
    const valid = { authorization: `Bearer ${token}` };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: valid })).statusCode,
    ).toBe(200);
  });
});

describe('tokens signed with the right secret but unexpected claims', () => {
  /** A token as an insider with the signing secret (the test app's) could make one. */
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('lizenzportal')
      .setAudience('lizenzportal')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));

  test('are refused with 401, whatever the claim holds', async () => {
    const license = await createLicense();
    for (const claims of [
      { userType: 'license', sub: 'not-a-uuid' },
      { userType: 'license', sub: [license._id] },
      { userType: 'license', sub: license._id.toUpperCase() },
      { userType: 'license', sub: { id: license._id } },
      { userType: 'superuser', sub: license._id },
      { userType: 'admin', sub: license._id },
      { userType: 'admin', sub: '7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e', sv: 'one' },
    ]) {
      const headers = { authorization: `Bearer ${await signed(claims)}` };
      for (const url of ['/api/v1/auth/user', `/api/v1/license/${license._id}`]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(errorOf(response), `${JSON.stringify(claims)} ${url}`).toMatchObject({
          status: 401,
          code: 'AUTHENTICATION_REQUIRED',
        });
      }
    }
  });
});

describe('an admin password reset', () => {
  const currentUser = (headers: { authorization: string }) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers });

  test('ends the sessions signed in with the old password (npm run admin -- reset)', async () => {
    const before = await ctx.adminHeaders();
    expect((await currentUser(before)).statusCode).toBe(200);
    await new AdminRepository(ctx.database.db).updatePassword(
      TEST_ADMIN.username,
      await hashPassword('a-new-password-1'),
    );
    expect(errorOf(await currentUser(before))).toMatchObject({
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
    });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin',
      payload: { username: TEST_ADMIN.username, password: 'a-new-password-1' },
    });
    const after = { authorization: `Bearer ${signIn.json().data.token}` };
    expect((await currentUser(after)).statusCode).toBe(200);
  });

  test('by ADMIN_PASSWORD on start ends them when the password changed, not on every restart', async () => {
    const before = await ctx.adminHeaders();
    const admins = new AdminRepository(ctx.database.db);
    expect(await createOrResetAdmin(admins, TEST_ADMIN.username, TEST_ADMIN.password)).toBe('unchanged');
    expect((await currentUser(before)).statusCode).toBe(200);
    expect(await createOrResetAdmin(admins, TEST_ADMIN.username, 'changed-password-2')).toBe('updated');
    expect((await currentUser(before)).statusCode).toBe(401);
  });
});
