import { GENERIC_SERVER_ERROR, validationMessages } from '@lizenzportal/domain';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { queuedJobs } from '@lizenzportal/server/testing';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope } from '@/test/page';
import { bindLicense, createLicense } from '@/test/seed';

const browser = setupBrowser();

const emailInput = (page: Page) => page.getByLabel('E-Mail', { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Lizenzdokument zusenden' });

/** The recovery page with the API's answer faked, and the request bodies it received. */
async function openRecovery(answer: (route: Route) => Promise<void>) {
  const requests: unknown[] = [];
  const page = await browser.open('/lizenz-wiederherstellen', {
    prepare: (page) =>
      page.route('**/api/v1/license-recovery', async (route) => {
        requests.push(route.request().postDataJSON());
        await answer(route);
      }),
  });
  await page.getByRole('heading', { name: 'Lizenzdokument erneut zusenden' }).waitFor();
  return { page, requests };
}

const accepted = (route: Route) =>
  route.fulfill({
    status: 202,
    contentType: 'application/json',
    body: JSON.stringify({ data: { accepted: true } }),
  });

describe('license recovery', () => {
  it('checks the e-mail address before sending; the button is disabled while it is wrong', async () => {
    const { page, requests } = await openRecovery(accepted);
    await sendButton(page).click();
    await page.getByText(validationMessages.required('E-Mail')).waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);

    await emailInput(page).fill('anna@');
    await page.getByText(validationMessages.invalid('E-Mail')).waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);

    await emailInput(page).fill('anna@example.com');
    expect(await sendButton(page).isEnabled()).toBe(true);
    expect(requests).toEqual([]);
  });

  it('confirms without telling whether licenses exist, and allows another request', async () => {
    const { page, requests } = await openRecovery(accepted);
    await emailInput(page).fill(' anna@example.com ');
    await emailInput(page).press('Enter');

    await page.getByText('Gibt es gebundene Lizenzen zu dieser E-Mail-Adresse').waitFor();
    await page.getByText('nicht sagen, ob Lizenzen gefunden wurden').waitFor();
    expect(requests).toEqual([{ email: 'anna@example.com' }]);

    await page.getByRole('button', { name: 'Weitere Anfrage stellen' }).click();
    expect(await emailInput(page).inputValue()).toBe('');
  });

  it('sends the request to the real server, which queues the recovery of that address', async () => {
    const license = await createLicense(browser.server);
    await bindLicense(browser.server, license, { name: 'Ørsted Çelik', email: 'orsted@example.com' });
    const page = await browser.open('/lizenz-wiederherstellen');
    await emailInput(page).fill('Orsted@Example.com');
    await sendButton(page).click();
    await page.getByText('nicht sagen, ob Lizenzen gefunden wurden').waitFor();

    expect(await queuedJobs(browser.server.database, 'recover-licenses')).toEqual([
      { email: 'Orsted@Example.com' },
    ]);
  });

  it('shows a failed request with its title and status', async () => {
    const { page } = await openRecovery((route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Kaputt')),
    );
    await emailInput(page).fill('anna@example.com');
    await sendButton(page).click();
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler beim Erstellen der Wiederherstellungs-Anfrage');
    expect(text).toContain('Fehler-Code 500');
    expect(text).toContain(GENERIC_SERVER_ERROR);
  });
});
