import {
  bindingMessages,
  documentMessages,
  formatLicenseKey,
  HOLDER_FORM_LABELS,
  type License,
} from '@lizenzportal/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorEnvelope } from '@/test/page';
import { bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

/** The test server renders the PDF in this process, which Playwright's client shares (see license-documents). */
const GENERATION_TIMEOUT_MS = 45_000;

async function openOverview(license: License) {
  const page = await browser.open('/', {
    token: await licenseToken(browser.server, license),
    // Signed links carry PUBLIC_URL; the test server listens on a port of its own. The PDF opens
    // in a new window of the same context.
    prepare: (opened) =>
      opened.context().route(`${browser.server.config.publicUrl}/api/**`, (route) =>
        route.continue({
          url: route.request().url().replace(browser.server.config.publicUrl, browser.server.url),
        }),
      ),
  });
  page.setDefaultTimeout(GENERATION_TIMEOUT_MS);
  await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  return page;
}

/**
 * Presses the button by keyboard; answers what the new window received (the headless browser
 * saves a PDF instead of showing it, so its body is not kept): status, type and the file's name.
 */
async function downloadByKeyboard(page: Page, button: Locator) {
  await button.focus();
  const [answer] = await Promise.all([
    page.context().waitForEvent('response', (response) => response.url().includes('/api/v1/document/file?')),
    page.keyboard.press('Enter'),
  ]);
  const headers = await answer.allHeaders();
  return {
    status: answer.status(),
    contentType: headers['content-type'],
    name: new URL(answer.url()).searchParams.get('name'),
  };
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe('the own document on „Meine Lizenz”', () => {
  it('gives a bound license its license document as a PDF, and the focus back to the button', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    await browser.server.app.services.documents.documents.generate('license', license._id);
    const page = await openOverview(license);
    expect(await page.getByRole('button', { name: /^Startdokument/ }).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Lizenzdokument herunterladen (öffnet in neuem Tab)' });

    expect(await downloadByKeyboard(page, button)).toEqual({
      status: 200,
      contentType: 'application/pdf',
      name: `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`,
    });
    await expectFocused(button);
  }, 120_000);

  it('gives an unbound license its starter document', async () => {
    const license = await createLicense(browser.server);
    await browser.server.app.services.documents.documents.generate('starter', license._id);
    const page = await openOverview(license);
    expect(await page.getByRole('button', { name: /^Lizenzdokument/ }).count()).toBe(0);
    const button = page.getByRole('button', { name: 'Startdokument herunterladen (öffnet in neuem Tab)' });

    expect(await downloadByKeyboard(page, button)).toEqual({
      status: 200,
      contentType: 'application/pdf',
      name: `Startdokument_${formatLicenseKey(license.key)}.pdf`,
    });
    await expectFocused(button);
  }, 120_000);

  it('gives the license document right after binding in the page, before any job made it', async () => {
    const license = await createLicense(browser.server, { properties: { class: 'pro', size: 10 } });
    const page = await openOverview(license);
    const form = page.getByRole('form', { name: 'Lizenz binden' });
    await form.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill('Förderschule am Mühlbach');
    await form.getByLabel(HOLDER_FORM_LABELS.contact, { exact: false }).fill('Zoë Łukasiewicz');
    await form
      .getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true })
      .fill('sekretariat@foerderschule.example');
    await form
      .getByLabel(HOLDER_FORM_LABELS.emailConfirmation, { exact: false })
      .pressSequentially('sekretariat@foerderschule.example');
    await form.getByLabel(bindingMessages.authorizedLabel).check();
    await form.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
    await form.getByRole('button', { name: bindingMessages.submit }).click();
    await page.getByText('Ihre Lizenz ist gebunden').waitFor();
    // The license document's job is queued, not run (no job worker here): nothing is stored yet.
    const bound = await browser.server.app.services.licenses.findById(license._id);
    expect(bound).toMatchObject({ status: 'bound', license_document: null });

    const button = page.getByRole('button', { name: 'Lizenzdokument herunterladen (öffnet in neuem Tab)' });
    expect(await downloadByKeyboard(page, button)).toEqual({
      status: 200,
      contentType: 'application/pdf',
      name: `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`,
    });
    await expectFocused(button);
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 120_000);

  it('says in an error box, which takes the focus, why the document cannot be had', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await openOverview(license);
    // What the API answers when the license changes while its document is being made.
    await page.route('**/api/v1/license/*/license-document-url', (route) =>
      route.fulfill(errorEnvelope(409, 'CONFLICT', documentMessages.changedMeanwhile)),
    );
    await page.getByRole('button', { name: /^Lizenzdokument herunterladen/ }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Das Dokument konnte nicht geöffnet werden' });
    await box.getByText('Fehler-Code 409').waitFor();
    await box.getByText(documentMessages.changedMeanwhile).waitFor();
    await expectFocused(box);
  });
});
