import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { createOrResetAdmin } from './admin-accounts.ts';
import { AdminRepository } from './admin-repository.ts';
import { SIGN_IN_POLICY } from './throttle.ts';

const ctx = useTestApp();

const FREE = SIGN_IN_POLICY.freeFailures;
const HOLDER_ADDRESS = '192.0.2.10';

const login = (key: string, authenticationCode: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    remoteAddress,
    payload: { key, authenticationCode },
  });

/** Wrong 6-digit codes for a license, never its start code. */
function wrongCodes(startCode: string, count: number): string[] {
  const codes = Array.from({ length: count + 1 }, (_, index) => String(100000 + index));
  return codes.filter((code) => code !== startCode).slice(0, count);
}

/** Lets time pass for the throttle: every counted failure and wait moves into the past. */
async function elapse(seconds: number): Promise<void> {
  for (const table of ['auth_throttle_client', 'auth_throttle_subject']) {
    await sql`
      update ${sql.table(table)} set
        retry_at = retry_at - make_interval(secs => ${seconds}),
        expires_at = expires_at - make_interval(secs => ${seconds})
    `.execute(ctx.database.db);
  }
}

const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

describe('a guesser', () => {
  test(`gets ${FREE} free failures from one address, then waits 1, 2, 4 … minutes`, async () => {
    const license = await ctx.createLicense();
    const guesses = wrongCodes(license.startCode, FREE + 3);
    for (const code of guesses.slice(0, FREE)) {
      expect((await login(license.key, code, '203.0.113.1')).statusCode).toBe(401);
    }
    const first = await login(license.key, guesses[FREE]!, '203.0.113.1');
    expect(errorOf(first)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect(retryAfter(first)).toBeGreaterThan(50);
    expect(retryAfter(first)).toBeLessThanOrEqual(60);

    await elapse(60);
    expect((await login(license.key, guesses[FREE]!, '203.0.113.1')).statusCode).toBe(401);
    const second = await login(license.key, guesses[FREE + 1]!, '203.0.113.1');
    expect(retryAfter(second)).toBeGreaterThan(110);
    expect(retryAfter(second)).toBeLessThanOrEqual(120);

    await elapse(120);
    expect((await login(license.key, guesses[FREE + 1]!, '203.0.113.1')).statusCode).toBe(401);
    expect(retryAfter(await login(license.key, guesses[FREE + 2]!, '203.0.113.1'))).toBeGreaterThan(230);
  });

  test('gains nothing from more addresses: clients in slow-down share one widening gate per key', async () => {
    const license = await ctx.createLicense();
    const guesses = wrongCodes(license.startCode, 3 * FREE + 3);
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    for (const [index, address] of addresses.entries()) {
      for (const code of guesses.slice(index * FREE, (index + 1) * FREE)) {
        expect((await login(license.key, code, address)).statusCode).toBe(401);
      }
    }
    // Every address has waited out its own first minute; the key lets one of them through per gate.
    await elapse(60);
    const [first, second, third] = addresses as [string, string, string];
    expect((await login(license.key, guesses[3 * FREE]!, first)).statusCode).toBe(401);
    const refused = await login(license.key, guesses[3 * FREE + 1]!, second);
    expect(errorOf(refused).status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(50);

    await elapse(60);
    expect((await login(license.key, guesses[3 * FREE + 1]!, second)).statusCode).toBe(401);
    // The gate widens with every failure behind it: 2 minutes now, whichever address asks.
    expect(retryAfter(await login(license.key, guesses[3 * FREE + 2]!, third))).toBeGreaterThan(110);
  });

  // Sign-ins that arrive together are looked up together (decision 084): without the guard, the
  // burst's lookups would all read the counter before any failure is counted, on either backend.
  test('counts parallel guesses one by one: a burst cannot slip past the free failures', async () => {
    const license = await ctx.createLicense();
    const guesses = wrongCodes(license.startCode, 30);
    const responses = await Promise.all(guesses.map((code) => login(license.key, code, '203.0.113.1')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(guesses.length - FREE);
  });

  test('counts the addresses of one IPv6 /56 as one client', async () => {
    const license = await ctx.createLicense();
    const guesses = wrongCodes(license.startCode, FREE + 1);
    for (const [index, code] of guesses.slice(0, FREE).entries()) {
      expect((await login(license.key, code, `2001:db8:aa:bb${index}0::${index + 1}`)).statusCode).toBe(401);
    }
    expect((await login(license.key, guesses[FREE]!, '2001:db8:aa:bbff::1')).statusCode).toBe(429);
    expect((await login(license.key, guesses[FREE]!, '2001:db8:aa:cc00::1')).statusCode).toBe(401);
  });
});

describe('sign-ins that arrive together', () => {
  test("are each answered with their own license and their own client's counter", async () => {
    const [slowedDown, holder, typist, welcomeBack] = [
      await ctx.createLicense(),
      await ctx.createLicense(),
      await ctx.createLicense(),
      await ctx.createLicense(),
    ];
    for (const code of wrongCodes(slowedDown.startCode, FREE)) {
      await login(slowedDown.key, code, '203.0.113.1');
    }
    for (const code of wrongCodes(welcomeBack.startCode, 2)) {
      await login(welcomeBack.key, code, '203.0.113.4');
    }
    // Looked up in one statement: a client in slow-down, an unknown key and a wrong code between
    // two rightful holders, each from an address of its own.
    const [refused, signedIn, unknown, wrong, returned] = await Promise.all([
      login(slowedDown.key, slowedDown.startCode, '203.0.113.1'),
      login(holder.key, holder.startCode, '203.0.113.2'),
      login('ZZZZ-ZZZZ-ZZZZ', '123456', '203.0.113.3'),
      login(typist.key, wrongCodes(typist.startCode, 1)[0]!, '203.0.113.3'),
      login(welcomeBack.key, welcomeBack.startCode, '203.0.113.4'),
    ]);
    expect(errorOf(refused).status).toBe(429);
    expect(signedIn.json().data.userData).toMatchObject({ key: holder.key, _id: holder._id });
    expect(errorOf(unknown).code).toBe('INVALID_CREDENTIALS');
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');
    expect(returned.json().data.userData).toMatchObject({ key: welcomeBack.key, _id: welcomeBack._id });
    // The wrong code counted for its client and key only; the returning holder's typos are forgotten.
    const { rows } = await sql<{ subject: string; client_failures: number }>`
      select subject, failures as client_failures from auth_throttle_client where scope = 'license'
    `.execute(ctx.database.db);
    expect(Object.fromEntries(rows.map((row) => [row.subject, row.client_failures]))).toEqual({
      [slowedDown.key]: FREE,
      [typist.key]: 1,
    });
  });
});

describe('the rightful holder, while others guess the key', () => {
  /** Ten addresses guess until each of them is slowed down, and the key's shared gate is shut. */
  async function attack(license: { key: string; startCode: string }): Promise<void> {
    const guesses = wrongCodes(license.startCode, 10 * (FREE + 1));
    for (let address = 0; address < 10; address++) {
      for (let attempt = 0; attempt <= FREE; attempt++) {
        await login(license.key, guesses[address * (FREE + 1) + attempt]!, `203.0.113.${address + 1}`);
      }
    }
    await elapse(60);
    await login(license.key, guesses[0]!, '203.0.113.1');
    expect((await login(license.key, guesses[1]!, '203.0.113.2')).statusCode).toBe(429);
  }

  test('signs in at once from an address that has not failed on the key', async () => {
    const license = await ctx.createLicense();
    await attack(license);
    expect((await login(license.key, license.startCode, HOLDER_ADDRESS)).statusCode).toBe(200);
  });

  test('signs in at once after a few typos of the own', async () => {
    const license = await ctx.createLicense();
    await attack(license);
    const typos = wrongCodes(license.startCode, FREE - 1);
    for (const typo of typos) expect((await login(license.key, typo, HOLDER_ADDRESS)).statusCode).toBe(401);
    expect((await login(license.key, license.startCode, HOLDER_ADDRESS)).statusCode).toBe(200);
    // Signing in forgets the typos: the next session starts with all free failures again.
    for (const typo of typos) expect((await login(license.key, typo, HOLDER_ADDRESS)).statusCode).toBe(401);
    expect((await login(license.key, license.startCode, HOLDER_ADDRESS)).statusCode).toBe(200);
  });

  test('waits one minute after as many typos as are free, when nobody else guesses', async () => {
    const license = await ctx.createLicense();
    for (const typo of wrongCodes(license.startCode, FREE)) await login(license.key, typo, HOLDER_ADDRESS);
    const waiting = await login(license.key, license.startCode, HOLDER_ADDRESS);
    expect(errorOf(waiting).status).toBe(429);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(60);
    await elapse(60);
    expect((await login(license.key, license.startCode, HOLDER_ADDRESS)).statusCode).toBe(200);
  });
});

describe('admin names', () => {
  const adminLogin = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin',
      remoteAddress,
      payload: { username, password },
    });
  const NAME = 'Jürgen Groß';
  const PASSWORD = 'a-long-admin-password';

  test('count in one spelling: case and Unicode composition variants count together', async () => {
    await createOrResetAdmin(new AdminRepository(ctx.database.db), NAME, PASSWORD);
    const variants = [NAME, NAME.toUpperCase(), NAME.normalize('NFD'), NAME.toLowerCase(), 'jürgen gross'];
    expect(variants).toHaveLength(FREE);
    for (const variant of variants) {
      expect((await adminLogin(variant, 'wrong-password', '203.0.113.1')).statusCode).toBe(401);
    }
    expect((await adminLogin(NAME.normalize('NFD').toLowerCase(), 'x', '203.0.113.1')).statusCode).toBe(429);
    expect((await adminLogin(NAME, PASSWORD, '203.0.113.1')).statusCode).toBe(429);
  });

  test('count parallel guesses one by one, on every backend', async () => {
    await createOrResetAdmin(new AdminRepository(ctx.database.db), NAME, PASSWORD);
    const guesses = Array.from({ length: 12 }, (_, index) => `wrong-password-${index}`);
    const responses = await Promise.all(guesses.map((password) => adminLogin(NAME, password, '203.0.113.1')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(guesses.length - FREE);
  });

  test('cannot lock the rightful admin out, and unknown names are slowed down alike', async () => {
    await createOrResetAdmin(new AdminRepository(ctx.database.db), NAME, PASSWORD);
    for (const username of [NAME, 'nobody-here']) {
      for (let failure = 0; failure < FREE; failure++) {
        expect((await adminLogin(username, 'wrong-password', '203.0.113.1')).statusCode).toBe(401);
      }
      expect((await adminLogin(username, 'wrong-password', '203.0.113.1')).statusCode).toBe(429);
    }
    // A second address spends its free failures; the first one's next failure shuts the name's
    // shared gate for every address in slow-down (11 failures: the old lock would hold too).
    for (let failure = 0; failure < FREE; failure++) await adminLogin(NAME, 'wrong-password', '203.0.113.2');
    await elapse(60);
    expect((await adminLogin(NAME, 'wrong-password', '203.0.113.1')).statusCode).toBe(401);
    expect((await adminLogin(NAME, 'wrong-password', '203.0.113.2')).statusCode).toBe(429);
    expect((await adminLogin(NAME, PASSWORD, HOLDER_ADDRESS)).statusCode).toBe(200);
  });
});
