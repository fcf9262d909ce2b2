import { bindingMessages, HOLDER_FORM_LABELS, validationMessages } from '@lizenzportal/domain';
import { queuedJobs } from '@lizenzportal/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

type LicenseInput = Parameters<typeof createLicense>[1];

async function openUnbound(input: LicenseInput, prepare?: (page: Page) => Promise<unknown>) {
  const license = await createLicense(browser.server, input);
  const page = await browser.open('/', { token: await licenseToken(browser.server, license), prepare });
  await bindingForm(page).waitFor();
  return { page, license };
}

const bindingForm = (page: Page) => page.getByRole('form', { name: 'Lizenz binden' });
const field = (page: Page, label: string) => bindingForm(page).getByLabel(label, { exact: false });
const submit = (page: Page) => bindingForm(page).getByRole('button', { name: bindingMessages.submit });

async function fillHolder(
  page: Page,
  holder: { name: string; email: string; contact?: string; confirmation?: string },
) {
  await field(page, HOLDER_FORM_LABELS.name).fill(holder.name);
  if (holder.contact !== undefined) await field(page, HOLDER_FORM_LABELS.contact).fill(holder.contact);
  await bindingForm(page)
    .getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true })
    .fill(holder.email);
  // Typed, not pasted: the confirmation refuses pasting.
  await field(page, HOLDER_FORM_LABELS.emailConfirmation).pressSequentially(
    holder.confirmation ?? holder.email,
  );
  await bindingForm(page).getByLabel(bindingMessages.authorizedLabel).check();
  await bindingForm(page).getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
}

describe('binding a license in the browser', () => {
  it('binds a v9 pro license to an organization, queues the mail and lets the holder name sign in', async () => {
    const { page, license } = await openUnbound({ properties: { class: 'pro', size: 10 } });
    // A pro license belongs to an organization: no choice, the contact is asked for, and the warning.
    await bindingForm(page).getByText(bindingMessages.forcedOrganization).waitFor();
    expect(await bindingForm(page).getByRole('radio').count()).toBe(0);
    await bindingForm(page).getByText(bindingMessages.organizationWarning).waitFor();
    expect(await submit(page).isDisabled()).toBe(true);

    await fillHolder(page, {
      name: 'Förderschule am Mühlbach',
      contact: 'Zoë Łukasiewicz',
      email: 'sekretariat@foerderschule.example',
    });
    await submit(page).click();

    await page.getByText('Ihre Lizenz ist gebunden').waitFor();
    await page
      .getByText(/aktualisierte Lizenzdokument \(PDF\) mit dem Namen des Lizenznehmers per E-Mail/)
      .waitFor();
    await page.getByRole('button', { name: 'Förderschule am Mühlbach abmelden' }).waitFor();
    expect(await bindingForm(page).count()).toBe(0);

    // The license document is generated and mailed by jobs queued with the binding (no worker here).
    expect(await queuedJobs(browser.server.database, 'generate-document')).toEqual([
      { licenseId: license._id, kind: 'license' },
    ]);
    const deliveries = await browser.server.database.db
      .selectFrom('delivery')
      .select(['occasion', 'document_type', 'recipient', 'licenses'])
      .execute();
    expect(deliveries).toEqual([
      {
        occasion: 'bind',
        document_type: 'license',
        recipient: 'sekretariat@foerderschule.example',
        licenses: [license._id],
      },
    ]);
    const row = await browser.server.app.services.licenses.findById(license._id);
    expect(row).toMatchObject({
      status: 'bound',
      authentication_code: 'Förderschule am Mühlbach',
      holder_type: 'organization',
      holder_contact: 'Zoë Łukasiewicz',
    });

    // Signed out, the exact holder name signs in again.
    await page.getByRole('button', { name: 'Förderschule am Mühlbach abmelden' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Lizenzschlüssel', { exact: true }).fill(license.key);
    await page.getByText('Diese Lizenz ist gebunden').waitFor();
    await page.getByLabel('Name des Lizenznehmers', { exact: true }).fill('Förderschule am Mühlbach');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByText('Ihre Lizenz ist gebunden').waitFor();
  });

  it('binds a personal license to a person: the type is forced and there is no contact', async () => {
    const { page, license } = await openUnbound({ properties: { class: 'personal', size: 1 } });
    await bindingForm(page).getByText(bindingMessages.forcedPerson).waitFor();
    expect(await field(page, HOLDER_FORM_LABELS.contact).count()).toBe(0);
    expect(await bindingForm(page).getByText(bindingMessages.organizationWarning).count()).toBe(0);

    await fillHolder(page, { name: 'Anna Beispielfrau', email: 'anna@example.com' });
    await submit(page).click();

    await page.getByRole('button', { name: 'Anna Beispielfrau abmelden' }).waitFor();
    const row = await browser.server.app.services.licenses.findById(license._id);
    expect(row).toMatchObject({ status: 'bound', holder_type: 'person', holder_contact: null });
  });

  it('lets a free class choose, and shows every validation message of the form', async () => {
    const { page } = await openUnbound({ version: '8', properties: { class: 'single', size: 1 } });
    const radios = bindingForm(page).getByRole('radio');
    expect(await radios.count()).toBe(2);
    await bindingForm(page).getByRole('radio', { name: 'Organisation' }).check();
    const error = (message: string) => bindingForm(page).getByText(message, { exact: true });

    await field(page, HOLDER_FORM_LABELS.name).fill('Kurz');
    await error(validationMessages.minLength(HOLDER_FORM_LABELS.name, 8)).waitFor();
    await field(page, HOLDER_FORM_LABELS.name).fill('');
    await error(validationMessages.required(HOLDER_FORM_LABELS.name)).waitFor();
    await field(page, HOLDER_FORM_LABELS.contact).fill('x');
    await field(page, HOLDER_FORM_LABELS.contact).fill('');
    await error(validationMessages.required(HOLDER_FORM_LABELS.contact)).waitFor();
    const email = bindingForm(page).getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true });
    await email.fill('keine-adresse');
    await error(validationMessages.invalid(HOLDER_FORM_LABELS.email)).waitFor();
    await email.fill('');
    await error(validationMessages.required(HOLDER_FORM_LABELS.email)).waitFor();
    await email.fill('schule@example.com');
    await field(page, HOLDER_FORM_LABELS.emailConfirmation).pressSequentially('schule@example.de');
    await error(validationMessages.confirmed(HOLDER_FORM_LABELS.email)).waitFor();
    const authorized = bindingForm(page).getByLabel(bindingMessages.authorizedLabel);
    await authorized.check();
    await authorized.uncheck();
    await error(validationMessages.required(HOLDER_FORM_LABELS.authorized)).waitFor();
    expect(await submit(page).isDisabled()).toBe(true);

    // Pasting into the confirmation does nothing.
    const confirmation = field(page, HOLDER_FORM_LABELS.emailConfirmation);
    await confirmation.fill('');
    await confirmation.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'schule@example.com');
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    expect(await confirmation.inputValue()).toBe('');
    await error(validationMessages.required(HOLDER_FORM_LABELS.emailConfirmation)).waitFor();
  });

  it('shows the catalogue message with the support address when the license is no longer unbound', async () => {
    const { page } = await openUnbound({ properties: { class: 'personal', size: 1 } }, (page) =>
      page.route('**/api/v1/license/*/holder', (route) =>
        route.fulfill(errorEnvelope(409, 'LICENSE_NOT_UNBOUND', 'Die Lizenz ist nicht ungebunden.')),
      ),
    );
    await fillHolder(page, { name: 'Anna Beispielfrau', email: 'anna@example.com' });
    await submit(page).click();
    const text = await errorBoxText(page);
    expect(text).toContain(bindingMessages.errorTitle(409));
    expect(text).toContain(bindingMessages.notUnbound(browser.server.config.mail.supportEmail));
  });

  it('binds, and says so in a toast and beside the button when the user cannot be loaded again', async () => {
    const { page, license } = await openUnbound({ properties: { class: 'personal', size: 1 } });
    await page.route('**/api/v1/auth/user', (route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL', 'Interner Fehler')),
    );
    await fillHolder(page, { name: 'Anna Beispielfrau', email: 'anna@example.com' });
    await submit(page).click();
    const said = page.getByText(bindingMessages.reloadFailed, { exact: true });
    await expect.poll(() => said.count()).toBe(2);
    const row = await browser.server.app.services.licenses.findById(license._id);
    expect(row?.status).toBe('bound');
    // The toast goes after five seconds; the form still says it (toasts are not all).
    await page.waitForTimeout(6000);
    expect(await said.count()).toBe(1);
    await bindingForm(page).getByRole('alert').filter({ hasText: bindingMessages.reloadFailed }).waitFor();
  });
});
