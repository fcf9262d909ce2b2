import {
  assistantMessages,
  assistantScreens,
  formatLicenseKey,
  licenseStatusErrorMessage,
  loadOfferErrorMessage,
  simpleLoginErrorMessage,
  bindingMessages,
  fieldLabel,
  formPendingNote,
  HOLDER_FORM_LABELS,
  termsMessages,
} from '@lizenzportal/domain';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_SCRIPT, axeViolations, IBM_SCRIPT, ibmViolations } from '@/test/accessibility';
import { setupBrowser } from '@/test/browser';
import { ASSISTANT_PATH } from '@/lib/paths';
import { bindLicense, createLicense, licenseToken } from '@/test/seed';
import { openShopAssistant } from '@/test/shop-assistant';

// What a keyboard, screen-reader or high-contrast user meets in the assistant beyond what a rule
// engine sees (issue 24 items 5, 6, 9, 15).
const browser = setupBrowser();

/** Where the assistant is: the shop's frame, or its own page. */
type Scope = Pick<FrameLocator, 'getByRole' | 'getByLabel' | 'getByText' | 'locator'>;

const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
const choice = (frame: Scope, title: string) => frame.getByRole('button', { name: new RegExp(`^${title}`) });
const textbox = (frame: Scope, name: string) => frame.getByRole('textbox', { name, exact: true });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
/** The text an element's `aria-describedby` points to (its accessible description). */
const description = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** What a step's „Weiter” says while no license is added. */
const formatPendingKey = () => formPendingNote([fieldLabel('key')], []);

/** A new pro license in Germany, at the seats. */
async function proSeats(assistant: Scope) {
  await choice(assistant, 'Assistent starten').click();
  await choice(assistant, 'Deutschland').click();
  await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
  await choice(assistant, 'Pro-Lizenz').click();
  await assistant.getByRole('heading', { name: assistantScreens.seatsTitle }).waitFor();
}

/** 10 pro seats in Germany, up to the offer form. */
async function offerForm(assistant: Scope) {
  await proSeats(assistant);
  await assistant.getByLabel(assistantScreens.seatsInput).fill('10');
  await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
  await assistant.getByRole('button', { name: assistantScreens.createOffer }).click();
  await assistant.getByRole('heading', { name: assistantScreens.offerCreateTitle }).waitFor();
}

describe('the assistant for keyboard, screen reader and forced colours', () => {
  it('keeps the offer form’s submit in the tab order, says what is missing and goes there when pressed', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await offerForm(assistant);
    const request = assistant.getByRole('button', { name: assistantScreens.requestOffer });

    // Tab from the last field reaches the button: in the tab order, marked as not yet usable.
    await assistant.getByRole('checkbox', { name: assistantScreens.shipToDifferentAddress }).focus();
    await page.keyboard.press('Tab');
    expect(await isFocused(request)).toBe(true);
    expect(await request.getAttribute('aria-disabled')).toBe('true');
    const missing = ['billing.email', 'emailConfirmation', 'billing.name', 'billing.street']
      .concat(['billing.houseNumber', 'billing.postcode', 'billing.city'])
      .map(fieldLabel);
    expect(await description(request)).toBe(formPendingNote(missing, []));
    // The text is on screen beside the button, too.
    await assistant.getByText(formPendingNote(missing, [])).waitFor();

    // Pressing it sends nothing: the form stays, its messages show, the focus is on the first field missing.
    await page.keyboard.press('Enter');
    const email = textbox(assistant, fieldLabel('billing.email'));
    await expect.poll(() => isFocused(email)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await assistant.getByRole('heading', { name: assistantScreens.offerCreateTitle }).waitFor();

    // A wrong field is named as one to correct; the note follows what is typed.
    await email.fill('verwaltung@foerderschule.example');
    await textbox(assistant, fieldLabel('emailConfirmation')).fill('verwaltung@foerderschule.exampl');
    await textbox(assistant, fieldLabel('billing.name')).fill('Förderschule am See');
    await textbox(assistant, fieldLabel('billing.street')).fill('Seestraße');
    await textbox(assistant, fieldLabel('billing.houseNumber')).fill('12');
    await textbox(assistant, fieldLabel('billing.postcode')).fill('78462');
    expect(await description(request)).toBe(
      formPendingNote([fieldLabel('billing.city')], [fieldLabel('emailConfirmation')]),
    );
    await request.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => isFocused(textbox(assistant, fieldLabel('emailConfirmation')))).toBe(true);

    await textbox(assistant, fieldLabel('emailConfirmation')).fill('verwaltung@foerderschule.example');
    await textbox(assistant, fieldLabel('billing.city')).fill('Konstanz');
    expect(await request.getAttribute('aria-disabled')).toBeNull();
    expect(await request.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the fixed billing country as a read-only field, not a list that does not open', async () => {
    const assistant = assistantIn(await openShopAssistant(browser));
    await offerForm(assistant);
    const billing = assistant.getByRole('group', { name: assistantScreens.billingAddress });
    const country = billing.getByRole('textbox', { name: fieldLabel('billing.countryCode') });
    expect(await country.inputValue()).toBe('Deutschland');
    expect(await country.getAttribute('readonly')).not.toBeNull();
    expect(await billing.getByRole('combobox').count()).toBe(0);
  });

  it('says the new price politely once the seats settle, not at every step of the slider', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await proSeats(assistant);
    const price = assistant.getByRole('status', { name: assistantScreens.pricePreview });
    // The opening price is shown, not said.
    expect(await price.textContent()).toBe('');

    await assistant.getByLabel(assistantScreens.seatsInput).fill('10');
    const gross = async () =>
      (
        await assistant
          .getByRole('row', { name: /^Gesamtbetrag/ })
          .getByRole('cell')
          .innerText()
      ).trim();
    await expect.poll(() => price.textContent()).toMatch(/^10 Arbeitsplätze: Gesamtbetrag /);
    expect(await price.textContent()).toContain(await gross());

    // Five steps of the slider by keyboard: one announcement, of the last.
    await price.evaluate((region) => {
      const changes: string[] = [];
      new MutationObserver(() => changes.push(region.textContent ?? '')).observe(region, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      (window as unknown as { priceChanges: string[] }).priceChanges = changes;
    });
    await assistant.getByRole('slider').focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => price.textContent()).toMatch(/^15 Arbeitsplätze: Gesamtbetrag /);
    const changes = await price.evaluate(
      () => (window as unknown as { priceChanges: string[] }).priceChanges,
    );
    expect(changes).toEqual([await price.textContent()]);
    expect(await price.textContent()).toContain(await gross());
  });

  it('draws the seat slider’s track in forced colours', async () => {
    const page = await openShopAssistant(browser);
    await page.emulateMedia({ forcedColors: 'active' });
    const assistant = assistantIn(page);
    await proSeats(assistant);
    const track = assistant.locator('.mantine-Slider-track');
    const box = (await track.boundingBox())!;
    // The track's middle row and, 6 px above the slider's thumb, the page's background.
    const shot = await page.screenshot({
      clip: { x: box.x, y: box.y - 14, width: box.width, height: box.height + 14 },
    });
    const { background, row } = await page.evaluate(
      async ({ bytes, middle }) => {
        const image = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixel = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
        return {
          background: pixel(0, 0),
          row: Array.from({ length: image.width }, (_, x) => pixel(x, middle)),
        };
      },
      { bytes: [...shot], middle: Math.round(14 + box.height / 2) },
    );
    const painted = row.filter((rgb) =>
      rgb.some((value, index) => Math.abs(value - background[index]!) > 40),
    );
    // The whole width is drawn (the thumb and the marks alone would not be).
    expect(painted.length / row.length).toBeGreaterThan(0.8);
  });

  it('hides the icons from assistive technology, the select’s chevron too', async () => {
    const page = await openShopAssistant(browser);
    await page.emulateMedia({ forcedColors: 'active' });
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, assistantScreens.otherCountry).click();
    await assistant.getByRole('combobox', { name: assistantScreens.countryLabel }).waitFor();
    const icons = assistant.locator('svg');
    expect(await icons.count()).toBeGreaterThan(1);
    const exposed = await icons.evaluateAll(
      (all) => all.filter((icon) => !icon.closest('[aria-hidden="true"]')).length,
    );
    expect(exposed).toBe(0);
  });

  it('leaves both rule engines nothing to find on the seats and the offer form as a user leaves them', async () => {
    // The assistant on its own page (the sweep sees its first step only), with the engines injected.
    const page = await browser.open(ASSISTANT_PATH, {
      bypassCSP: true,
      prepare: (tab) =>
        Promise.all([tab.addInitScript({ path: AXE_SCRIPT }), tab.addInitScript({ content: IBM_SCRIPT })]),
    });
    const assistant = page;
    const engines = async () => [...(await axeViolations(page)), ...(await ibmViolations(page))];
    await proSeats(assistant);
    await assistant.getByLabel(assistantScreens.seatsInput).fill('10');
    const price = assistant.getByRole('status', { name: assistantScreens.pricePreview });
    await expect.poll(() => price.textContent()).toMatch(/^10 Arbeitsplätze/);
    expect(await engines()).toEqual([]);

    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
    await assistant.getByRole('button', { name: assistantScreens.createOffer }).click();
    const request = assistant.getByRole('button', { name: assistantScreens.requestOffer });
    await request.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(textbox(assistant, fieldLabel('billing.email')))).toBe(true);
    expect(await engines()).toEqual([]);
  });

  it('applies the same rule to the portal’s binding form and its terms', async () => {
    const license = await createLicense(browser.server, { properties: { class: 'pro', size: 10 } });
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    const form = page.getByRole('form', { name: bindingMessages.title });
    const bind = form.getByRole('button', { name: bindingMessages.submit });
    await form.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill('Förderschule am Mühlbach');
    await form.getByLabel(bindingMessages.privacyLabel, { exact: false }).focus();
    await page.keyboard.press('Tab');
    if (!(await isFocused(bind))) await page.keyboard.press('Tab'); // past the privacy link
    expect(await isFocused(bind)).toBe(true);
    const { contact, email, emailConfirmation, authorized, privacyAccepted } = HOLDER_FORM_LABELS;
    expect(await description(bind)).toBe(
      formPendingNote([contact, email, emailConfirmation, authorized, privacyAccepted], []),
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(form.getByLabel(contact, { exact: false }))).toBe(true);

    const bound = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const terms = await browser.open('/download', { token: await licenseToken(browser.server, bound) });
    const next = terms.getByRole('button', { name: 'Weiter' });
    expect(await description(next)).toBe(formPendingNote([termsMessages.acceptance], []));
    await next.focus();
    await terms.keyboard.press('Enter');
    await expect.poll(() => isFocused(terms.getByRole('checkbox'))).toBe(true);
  });

  it('keeps the focus in the frame through a v8 sign-in, removing it, and says what changed', async () => {
    const license = await bindLicense(
      browser.server,
      await createLicense(browser.server, { version: '8', properties: { class: 'single' } }),
      { name: 'Anna Beispiel' },
    );
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Deutschland').click();
    await choice(assistant, 'Ja, ich habe bereits eine Lizenz').click();
    await choice(assistant, 'Version 8').click();

    // „Weiter” waits for a license, in the tab order, and says for what.
    const next = assistant.getByRole('button', { name: assistantScreens.next, exact: true });
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await description(next)).toBe(formatPendingKey());

    // The 12th character of the key leaves the focus in the key field; Tab reaches the name.
    const key = textbox(assistant, 'Lizenzschlüssel');
    await key.focus();
    await page.keyboard.type(license.key);
    const name = textbox(assistant, 'Name des Lizenznehmers');
    await name.waitFor();
    expect(await isFocused(key)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(name)).toBe(true);
    await page.keyboard.type('Anna Beispiel');
    await page.keyboard.press('Enter');

    // The form gives way to the list: the focus on its heading, the addition said.
    const added = assistant.getByRole('heading', { name: assistantScreens.addedLicenses });
    await expect.poll(() => isFocused(added)).toBe(true);
    const status = assistant.getByRole('status').filter({ hasText: 'Lizenz' });
    expect(await status.innerText()).toBe(assistantScreens.licenseAdded(formatLicenseKey(license.key)));

    // Removing the only license brings the form back, with the focus in its first field.
    await assistant.getByRole('button', { name: /^Entfernen/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(key)).toBe(true);
    expect(await status.innerText()).toBe(assistantScreens.licenseRemoved(formatLicenseKey(license.key)));
  });

  it('ties a refused sign-in to the field it is about', async () => {
    const license = await bindLicense(
      browser.server,
      await createLicense(browser.server, { version: '8', properties: { class: 'single' } }),
      { name: 'Anna Beispiel' },
    );
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Deutschland').click();
    await choice(assistant, 'Ja, ich habe bereits eine Lizenz').click();
    await choice(assistant, 'Version 8').click();
    await textbox(assistant, 'Lizenzschlüssel').fill(license.key);
    const name = textbox(assistant, 'Name des Lizenznehmers');
    await name.fill('Anna Beispie');
    await assistant.getByRole('button', { name: 'Lizenz hinzufügen' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await description(name)).toContain(simpleLoginErrorMessage(401, 'holderName'));

    // An unknown key: the key field.
    const key = textbox(assistant, 'Lizenzschlüssel');
    await key.fill('ZZZZ-ZZZZ-ZZZZ');
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await description(key)).toContain(licenseStatusErrorMessage(404));
  });

  it('keeps the focus on the offer code when it is refused, marked and described by the error', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Angebotscode eingeben').click();
    const code = textbox(assistant, assistantScreens.offerCodeLabel);
    await code.focus();
    await page.keyboard.type('abcdefghj');
    await assistant.getByRole('button', { name: assistantScreens.loadOffer }).focus();
    await page.keyboard.press('Enter');
    await assistant.getByRole('alert').filter({ hasText: assistantMessages.loadOfferTitle }).waitFor();
    await expect.poll(() => isFocused(code)).toBe(true);
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await description(code)).toContain(loadOfferErrorMessage(403, ''));
  });

  it('shows standing notes as notes, not alerts, and says the reseller order’s licenses and total', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await proSeats(assistant);
    await assistant.getByLabel(assistantScreens.seatsInput).fill('2');
    await assistant.getByRole('note').filter({ hasText: assistantMessages.oneProLicensePerOrder }).waitFor();
    expect(
      await assistant.getByRole('alert').filter({ hasText: assistantMessages.oneProLicensePerOrder }).count(),
    ).toBe(0);

    await page.goto(ASSISTANT_PATH);
    await choice(page, 'Reseller-Bestellung').click();
    await page.getByRole('button', { name: assistantScreens.resellerAdd }).click();
    await page.getByRole('button', { name: assistantScreens.resellerAdd }).click();
    const said = page.getByRole('status', { name: assistantScreens.pricePreview });
    await expect.poll(() => said.innerText()).toMatch(/^2 Lizenzen in der Bestellung: Gesamtbetrag \d/);
  });

  it('names the seats on the slider beyond its top step, not „100”', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await proSeats(assistant);
    await assistant.getByLabel(assistantScreens.seatsInput).fill('250');
    const slider = assistant.getByRole('slider', { name: assistantScreens.seatsSlider });
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('250 Arbeitsplätze');
    expect(await slider.getAttribute('aria-valuenow')).toBe('100');
  });
});
