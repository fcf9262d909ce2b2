import {
  contactChangeMessages as messages,
  HOLDER_FORM_LABELS,
  validationMessages,
  type License,
} from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope } from '@/test/page';
import { bindLicense, createLicense, licenseToken, requestContactChange } from '@/test/seed';

const browser = setupBrowser();

const HOLDER = {
  name: 'Förderschule am Mühlbach',
  holderType: 'organization',
  contact: 'Jonas Çelik',
} as const;
const OLD_EMAIL = 'verwaltung@foerderschule.example';
const NEW = { contact: 'Zoë Łukasiewicz', email: 'sekretariat@foerderschule.example' };

async function boundLicense(): Promise<License> {
  const license = await createLicense(browser.server, { properties: { class: 'pro', size: 10 } });
  return bindLicense(browser.server, license, { ...HOLDER, email: OLD_EMAIL });
}

async function stored(license: License) {
  const row = await browser.server.app.services.licenses.findById(license._id);
  return { contact: row!.holder_contact, email: row!.holder_email };
}

const contactForm = (page: Page) => page.getByRole('form', { name: messages.title });
const field = (page: Page, label: string) =>
  contactForm(page).getByRole('textbox', { name: label, exact: true });

/** „Meine Lizenz” of the bound license with the contact form opened by keyboard. */
async function openForm(license: License, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await browser.open('/', { token: await licenseToken(browser.server, license), prepare });
  await page.getByRole('button', { name: messages.open }).focus();
  await page.keyboard.press('Enter');
  await contactForm(page).waitFor();
  return page;
}

describe('„Kontakt ändern” on „Meine Lizenz”', () => {
  it('mails a link to the new address; the contact stays until it is confirmed', async () => {
    const license = await boundLicense();
    const page = await openForm(license);
    // The holder name is the sign-in: shown, not editable.
    const name = field(page, `${HOLDER_FORM_LABELS.name}`);
    expect(await name.inputValue()).toBe(HOLDER.name);
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await field(page, HOLDER_FORM_LABELS.email).inputValue()).toBe(OLD_EMAIL);

    await field(page, HOLDER_FORM_LABELS.contact).fill(NEW.contact);
    await field(page, HOLDER_FORM_LABELS.email).fill(NEW.email);
    // Typed, not pasted: the confirmation refuses pasting.
    await field(page, HOLDER_FORM_LABELS.emailConfirmation).pressSequentially(NEW.email);
    await page.keyboard.press('Enter');

    const sent = page.getByRole('status').filter({ hasText: messages.sentTitle });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(`Bestätigungslink an ${NEW.email} gesendet`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain(messages.sentTitle);
    expect(await stored(license)).toEqual({ contact: HOLDER.contact, email: OLD_EMAIL });
  });

  it('says what keeps the form from being sent, and a refusal over the mail budget in German', async () => {
    const license = await boundLicense();
    const refusal = 'Ab 30.11.26 09:15 Uhr können wir Ihnen wieder einen Bestätigungslink senden.';
    const page = await openForm(license, (opened) =>
      opened.route('**/api/v1/license/*/contact-change', (route) =>
        route.fulfill(errorEnvelope(429, 'CONTACT_MAIL_LIMIT_REACHED', refusal)),
      ),
    );
    // Unchanged: nothing to send; the waiting button, pressed, says why.
    await contactForm(page).getByRole('button', { name: messages.submit }).press('Enter');
    await contactForm(page).getByText(messages.nothingChanged).waitFor();

    await field(page, HOLDER_FORM_LABELS.email).fill(NEW.email);
    await field(page, HOLDER_FORM_LABELS.emailConfirmation).pressSequentially('andere@example.com');
    await contactForm(page).getByText(validationMessages.confirmed(HOLDER_FORM_LABELS.email)).waitFor();
    await field(page, HOLDER_FORM_LABELS.emailConfirmation).fill('');
    await field(page, HOLDER_FORM_LABELS.emailConfirmation).pressSequentially(NEW.email);
    await contactForm(page).getByRole('button', { name: messages.submit }).click();
    expect(await errorBoxText(page)).toContain(refusal);

    // „Abbrechen” closes the form; the focus returns to „Kontakt ändern”.
    await contactForm(page).getByRole('button', { name: messages.cancel }).click();
    await contactForm(page).waitFor({ state: 'detached' });
    // The focus moves once the button is drawn again, a frame after the form is gone.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(messages.open);
  });
});

describe('/kontakt-bestaetigen', () => {
  it('shows the change, confirms it by keyboard, and refuses the used link afterwards', async () => {
    const license = await boundLicense();
    const token = await requestContactChange(browser.server, license, NEW);
    const address = `/kontakt-bestaetigen?link=${encodeURIComponent(token)}`;
    const page = await browser.open(address);
    await page.getByText(messages.confirmIntro).waitFor();
    for (const value of [HOLDER.name, NEW.contact, NEW.email]) {
      await page.getByRole('cell', { name: value, exact: true }).waitFor();
    }
    // Opening the page changed nothing.
    expect(await stored(license)).toEqual({ contact: HOLDER.contact, email: OLD_EMAIL });

    await page.getByRole('button', { name: messages.confirm }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: messages.confirmedTitle }).waitFor();
    expect(await stored(license)).toEqual(NEW);

    await page.goto(address);
    await page.getByText(messages.linkUsedTitle).waitFor();
    expect(await page.getByRole('button', { name: messages.confirm }).count()).toBe(0);
  });

  it('a forged link and a missing one get the German page that says so', async () => {
    const license = await boundLicense();
    const token = await requestContactChange(browser.server, license, NEW);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const address of [
      `/kontakt-bestaetigen?link=${encodeURIComponent(forged)}`,
      '/kontakt-bestaetigen',
    ]) {
      const page = await browser.open(address);
      await page.getByText(messages.linkInvalidTitle).waitFor();
      expect(await page.getByRole('button', { name: messages.confirm }).count()).toBe(0);
    }
    expect(await stored(license)).toEqual({ contact: HOLDER.contact, email: OLD_EMAIL });
  });
});
