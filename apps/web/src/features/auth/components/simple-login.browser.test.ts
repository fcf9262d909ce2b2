import {
  formatLicenseKey,
  GENERIC_SERVER_ERROR,
  loginMessages,
  NO_CONNECTION_MESSAGE,
  originalMessageNote,
  requestIdNote,
} from '@lizenzportal/domain';
import { expectErrorLog } from '@lizenzportal/server/testing';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { bindLicense, createLicense, disableLicense, exhaustSignInAttempts } from '@/test/seed';

const browser = setupBrowser();

const keyInput = (page: Page) => page.getByLabel('Lizenzschlüssel', { exact: true });
const startCodeInput = (page: Page) => page.getByLabel('Startcode', { exact: true });
const holderNameInput = (page: Page) => page.getByLabel('Name des Lizenznehmers', { exact: true });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Weiter' });

async function signIn(page: Page, key: string, code: { startCode: string } | { holderName: string }) {
  await keyInput(page).fill(key);
  if ('startCode' in code) await startCodeInput(page).fill(code.startCode);
  else await holderNameInput(page).fill(code.holderName);
  await continueButton(page).click();
}

describe('simple login', () => {
  it('signs in an unbound license with its start code and opens "Meine Lizenz"', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');

    await signIn(page, license.key.toLowerCase(), { startCode: license.startCode });

    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    await page.getByRole('button', { name: `${formatLicenseKey(license.key)} abmelden` }).waitFor();
  });

  it('signs in a bound license with the holder name', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Förderzentrum am See',
    });
    const page = await browser.open('/');

    await keyInput(page).fill(license.key);
    await page.getByText('Diese Lizenz ist gebunden').waitFor();
    expect(await startCodeInput(page).count()).toBe(0);
    await holderNameInput(page).fill('Förderzentrum am See');
    await holderNameInput(page).press('Enter');

    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    await page.getByRole('button', { name: 'Förderzentrum am See abmelden' }).waitFor();
  });

  it('groups the key as XXXX-XXXX-XXXX and the start code as 123 456 while typing', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');

    await keyInput(page).pressSequentially(
      `${license.key.slice(0, 6).toLowerCase()} ${license.key.slice(6)}x`,
    );
    expect(await keyInput(page).inputValue()).toBe(formatLicenseKey(license.key));

    await startCodeInput(page).pressSequentially('12a3-45 6');
    expect(await startCodeInput(page).inputValue()).toBe('123 456');
  });

  it('keeps the caret where the user edits: LLC5TAXW2KB, Backspace after the X, Q → LLC5-TAQW-2KB', async () => {
    const page = await browser.open('/login');
    const key = keyInput(page);
    await key.pressSequentially('LLC5TAXW2KB');
    expect(await key.inputValue()).toBe('LLC5-TAXW-2KB');
    // The caret after the X: five characters from the end.
    for (let step = 0; step < 5; step++) await key.press('ArrowLeft');
    await key.press('Backspace');
    expect(await key.inputValue()).toBe('LLC5-TAW2-KB');
    await key.press('q');
    expect(await key.inputValue()).toBe('LLC5-TAQW-2KB');
    expect(await key.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(8);
  });

  it('keeps the caret in the start code too', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    await keyInput(page).fill(license.key);
    const code = startCodeInput(page);
    await code.pressSequentially('123456');
    // Backspace after the 3 regroups the digits; the 9 goes where the 3 was.
    for (let step = 0; step < 4; step++) await code.press('ArrowLeft');
    await code.press('Backspace');
    expect(await code.inputValue()).toBe('124 56');
    await code.press('9');
    expect(await code.inputValue()).toBe('129 456');
    expect(await code.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(3);
  });

  it('enables "Weiter" only with a valid key, and once the status is known only with a code', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    expect(await continueButton(page).isDisabled()).toBe(true);

    await keyInput(page).fill(license.key.slice(0, 11));
    expect(await continueButton(page).isDisabled()).toBe(true);

    await keyInput(page).fill(license.key);
    await startCodeInput(page).waitFor();
    expect(await continueButton(page).isDisabled()).toBe(true);

    await startCodeInput(page).fill(license.startCode.slice(0, 5));
    expect(await continueButton(page).isDisabled()).toBe(true);
    await startCodeInput(page).fill(license.startCode);
    expect(await continueButton(page).isEnabled()).toBe(true);
  });

  it('starts over when the key changes: status and code are reset', async () => {
    const unbound = await createLicense(browser.server);
    const bound = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await browser.open('/login');

    await keyInput(page).fill(unbound.key);
    await startCodeInput(page).fill(unbound.startCode);
    await keyInput(page).fill(unbound.key.slice(0, 11));
    expect(await startCodeInput(page).count()).toBe(0);

    await keyInput(page).fill(unbound.key);
    expect(await startCodeInput(page).inputValue()).toBe('');

    await keyInput(page).fill(bound.key);
    await holderNameInput(page).waitFor();
    expect(await startCodeInput(page).count()).toBe(0);
  });
});

describe('simple login errors', () => {
  it('404: asks to check an unknown key', async () => {
    const page = await browser.open('/login');
    await keyInput(page).fill('ABCD-EFGH-JKLM');
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 404');
    expect(text).toContain(loginMessages.statusNotFound);
  });

  it('403: explains that a disabled license was probably updated', async () => {
    const license = await createLicense(browser.server);
    await disableLicense(browser.server, license);
    const page = await browser.open('/login');
    await keyInput(page).fill(license.key);
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 403');
    expect(text).toContain(loginMessages.statusDisabled);
  });

  it('401 with a start code: the start code is invalid', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    let statusLookups = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/license-status')) statusLookups++;
    });
    const wrongCode = license.startCode === '111111' ? '222222' : '111111';
    await signIn(page, license.key, { startCode: wrongCode });
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 401');
    expect(text).toContain(loginMessages.invalidStartCode);
    expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
    // The form stays as it was: the key's status is not looked up again, the code can be corrected.
    expect(await startCodeInput(page).inputValue()).toBe(`${wrongCode.slice(0, 3)} ${wrongCode.slice(3)}`);
    expect(statusLookups).toBe(1);
  });

  it('401 with a holder name: exact spelling matters, and the document can be sent again', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await browser.open('/login');
    await signIn(page, license.key, { holderName: 'anna beispiel' });
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 401');
    expect(text).toContain(loginMessages.invalidHolderName);
    expect(text).toContain(loginMessages.invalidHolderNameHint);
    const recovery = page
      .getByRole('alert')
      .getByRole('link', { name: 'Lizenzdokument erneut zusenden lassen' });
    expect(await recovery.getAttribute('href')).toBe('/lizenz-wiederherstellen');
    expect(await recovery.getAttribute('target')).toBe('_blank');
  });

  it('423: a bound license signs in with the holder name, not the start code', async () => {
    const unbound = await createLicense(browser.server);
    const license = await bindLicense(browser.server, unbound, { name: 'Anna Beispiel' });
    const page = await browser.open('/login');
    await signIn(page, license.key, { holderName: unbound.startCode });
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 423');
    expect(text).toContain(loginMessages.alreadyBound);
  });

  it('429: too many attempts', async () => {
    const license = await createLicense(browser.server);
    await exhaustSignInAttempts(browser.server, license);
    const page = await browser.open('/login');
    await signIn(page, license.key, { startCode: license.startCode });
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 429');
    expect(text).toContain(loginMessages.tooManyAttempts);
  });

  it('5xx: a server error, with a retry that signs in once the server is back', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    await page.route('**/api/v1/auth/license', (route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Interner Fehler')),
    );
    await signIn(page, license.key, { startCode: license.startCode });
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 500');
    expect(text).toContain(GENERIC_SERVER_ERROR);

    await page.unroute('**/api/v1/auth/license');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });

  it('a real server error names the request as the server logged it, for the customer to quote', async () => {
    expectErrorLog(/"request failed".*auth_throttle/);
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    // A table the sign-in needs is briefly gone: the server fails, and logs it under the request's id.
    const { db } = browser.server.database;
    await sql`alter table auth_throttle_client rename to auth_throttle_hidden`.execute(db);
    try {
      const answer = page.waitForResponse('**/api/v1/auth/license');
      await signIn(page, license.key, { startCode: license.startCode });
      const requestId = (await answer).headers()['x-request-id']!;
      expect(requestId).toMatch(/^[0-9a-f]{16}$/);
      const text = await errorBoxText(page);
      expect(text).toContain('Fehler-Code 500');
      expect(text).toContain(requestIdNote(requestId));
    } finally {
      await sql`alter table auth_throttle_hidden rename to auth_throttle_client`.execute(db);
    }
  });

  it('no connection: says so, and "Erneut versuchen" asks again', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    await page.route('**/api/v1/auth/license-status', (route) => route.abort('internetdisconnected'));
    await keyInput(page).fill(license.key);
    const text = await errorBoxText(page);
    expect(text).toContain(`Keine Verbindung ${NO_CONNECTION_MESSAGE}`);
    expect(text.split('Keine Verbindung')).toHaveLength(2);
    expect(text).not.toContain('Fehler-Code');

    await page.unroute('**/api/v1/auth/license-status');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await startCodeInput(page).waitFor();
  });

  it('no connection at sign-in: the catalogue message, the original message and retry', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    await page.route('**/api/v1/auth/license', (route) => route.abort('internetdisconnected'));
    await signIn(page, license.key, { startCode: license.startCode });
    const text = await errorBoxText(page);
    // The tag, then the catalogue's message: „Keine Verbindung” once.
    expect(text).toContain(`Keine Verbindung ${NO_CONNECTION_MESSAGE}`);
    expect(text.split('Keine Verbindung')).toHaveLength(2);
    // What Chromium's fetch says of a request that got no answer.
    expect(text).toContain(originalMessageNote('Failed to fetch'));
    expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(1);
  });
});

describe('login page links', () => {
  it('offers the license document again (new tab) and help', async () => {
    const page = await browser.open('/login');
    const recovery = page.getByRole('link', { name: 'Lassen Sie sich Ihr Lizenzdokument erneut zusenden' });
    expect(await recovery.getAttribute('href')).toBe('/lizenz-wiederherstellen');
    expect(await recovery.getAttribute('target')).toBe('_blank');
    await page.getByRole('main').getByRole('link', { name: 'Hilfe' }).click();
    await page.getByRole('heading', { name: 'Hilfe' }).waitFor();
  });
});
