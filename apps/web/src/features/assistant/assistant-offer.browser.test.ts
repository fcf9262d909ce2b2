import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  assistantMessages,
  assistantScreens,
  fieldLabel,
  formatLicenseKey,
  MAX_NOTE_LENGTH,
  type License,
} from '@lizenzportal/domain';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { openShopAssistant, shopCart } from '@/test/shop-assistant';
import { errorEnvelope } from '@/test/page';
import { createLicense, licenseToken } from '@/test/seed';

// The offer's PDF and its mail are a job.
const browser = setupBrowser({ WORKER: 'inline' });
/** Jobs on a machine shared by every test project: generous. */
const JOBS_MS = 60_000;

const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title}`) });
const textbox = (frame: FrameLocator, name: string) => frame.getByRole('textbox', { name, exact: true });

/** 10 pro seats in Germany, up to the summary. */
async function tenProSeats(assistant: FrameLocator) {
  await choice(assistant, 'Assistent starten').click();
  await choice(assistant, 'Deutschland').click();
  await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
  await choice(assistant, 'Pro-Lizenz').click();
  await assistant.getByLabel('Anzahl der Arbeitsplätze').fill('10');
  await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
  await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
}

/** The mail of this offer in the outbox (no mail server in development), parsed, once it is there. */
async function offerMail(offerNumber: string) {
  const outbox = browser.server.config.mail.outboxDir;
  const mails = async () =>
    Promise.all(
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .filter((name) => name.endsWith('.eml'))
        .map((name) => simpleParser(fs.readFileSync(path.join(outbox, name)))),
    );
  const find = async () => (await mails()).find((mail) => mail.subject === `Ihr Angebot ${offerNumber}`);
  await expect.poll(find, { timeout: JOBS_MS }).toBeDefined();
  return (await find())!;
}

const BILLING = {
  name: 'Förderschule am See',
  additional1: '',
  additional2: '',
  street: 'Seestraße',
  houseNumber: '12',
  postcode: '78462',
  city: 'Konstanz',
  countryCode: 'DE' as const,
  email: 'verwaltung@foerderschule.example',
  reference: '',
  note: '',
};

/**
 * An update of these version 8 licenses to one pro license, offered as the assistant makes it in
 * the browser that signed in with them: its offer code.
 */
async function offeredUpdate(licenses: License[]): Promise<string> {
  const sessions = browser.server.app.services.upgradeSessions;
  const { session } = await sessions.create({
    purchaseType: 'upgrade',
    fromVersion: '8',
    toVersion: '9',
    originalLicenses: licenses.map((license) => license._id),
    accessTokens: await Promise.all(licenses.map((license) => licenseToken(browser.server, license))),
    properties: { class: 'pro', size: 4, dvdCount: 0 },
    billing: { countryCode: 'DE' },
    shipToDifferentAddress: false,
    shipping: null,
    resellerLicenses: [],
  });
  await sessions.patch(session._id, {
    holder: {
      holderType: 'organization',
      name: BILLING.name,
      email: BILLING.email,
      contact: 'Erika Mustermann',
    },
  });
  const { offerCode } = await sessions.createOffer(
    session._id,
    {
      billing: BILLING,
      shipToDifferentAddress: false,
      shipping: null,
    },
    '127.0.0.1',
  );
  return offerCode;
}

async function openOfferCode(assistant: FrameLocator, code: string) {
  await choice(assistant, 'Angebotscode eingeben').click();
  await assistant.getByLabel('Angebotscode').pressSequentially(code);
  await assistant.getByRole('button', { name: 'Angebot laden' }).click();
}

describe('offers in the assistant', () => {
  it(
    'requests an offer by e-mail, reloads it by its code elsewhere and orders it',
    async () => {
      const page = await openShopAssistant(browser);
      const assistant = assistantIn(page);
      await tenProSeats(assistant);
      await assistant.getByRole('button', { name: 'Angebot erstellen' }).click();

      const request = assistant.getByRole('button', { name: 'Angebot per E-Mail anfordern' });
      await textbox(assistant, 'E-Mail').fill('verwaltung@foerderschule.example');
      await textbox(assistant, 'E-Mail (Wiederholung)').fill('verwaltung@foerderschule.example');
      await textbox(assistant, 'Referenz').fill('Haushalt 2027');
      await textbox(assistant, 'Firmenname oder Name').fill('Förderschule am See');
      await textbox(assistant, 'Straße').fill('Seestraße');
      await textbox(assistant, 'Hausnummer').fill('12');
      await textbox(assistant, 'PLZ').fill('78462');
      expect(await request.isDisabled()).toBe(true);
      await textbox(assistant, 'Ort').fill('Konstanz');
      await request.click();

      await assistant.getByRole('heading', { name: 'Ihr Angebot ist unterwegs' }).waitFor();
      const confirmation = await assistant.getByText(/an verwaltung@foerderschule\.example/).innerText();
      const offerNumber = /das Angebot (\S+) an/.exec(confirmation)?.[1];
      expect(offerNumber).toMatch(/\d/);
      const codeLine = await assistant.getByText(/^Angebotscode:/).innerText();
      const code = codeLine.replace('Angebotscode:', '').trim();
      expect(code).toMatch(/^\w{3} \w{3} \w{3}$/);

      // The offer arrives by mail: its PDF attached, the code in the text.
      const mail = await offerMail(offerNumber!);
      expect(mail.to).toMatchObject({ value: [{ address: 'verwaltung@foerderschule.example' }] });
      expect(mail.text).toContain(code);
      expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
        { filename: `Angebot_${offerNumber}.pdf`, contentType: 'application/pdf' },
      ]);
      expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

      // Another browser: the code alone brings the offer back, ready to order.
      const later = await openShopAssistant(browser);
      const reloaded = assistantIn(later);
      await openOfferCode(reloaded, code);
      await reloaded.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
      await reloaded.getByText(offerNumber!).waitFor();
      await reloaded.getByRole('row', { name: /^Gesamtbetrag 513,00/ }).waitFor();
      expect(await reloaded.getByRole('button', { name: 'Angebot erstellen' }).count()).toBe(0);
      await reloaded.getByRole('button', { name: 'In den Warenkorb' }).click();

      const cart = later.getByRole('region', { name: 'Warenkorb' });
      await cart.getByText('aus einem Angebot').waitFor();
      await cart.getByRole('cell', { name: 'M9-PRO' }).waitFor();
      // The checkout takes the buyer from the offer's session.
      const checkout = cart.getByRole('form', { name: 'Bestellung simulieren' });
      await expect
        .poll(() => checkout.getByRole('textbox', { name: 'Firmenname oder Name' }).inputValue())
        .toBe('Förderschule am See');
      expect(await checkout.getByRole('textbox', { name: 'E-Mail' }).inputValue()).toBe(
        'verwaltung@foerderschule.example',
      );
    },
    // Two browsers and the offer's PDF job, on a machine shared by every test project.
    2 * JOBS_MS,
  );

  it('lists the licenses an update’s offer names by their keys when its code reloads it in another browser', async () => {
    const licenses = [
      await createLicense(browser.server, { version: '8', properties: { class: 'multiple', size: 3 } }),
      await createLicense(browser.server, { version: '8', properties: { class: 'single', size: 1 } }),
    ];
    const code = await offeredUpdate(licenses);

    // A browser that never signed in with them: the offer names them, as the original summary does.
    const assistant = assistantIn(await openShopAssistant(browser));
    await openOfferCode(assistant, code);
    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    const updated = assistant.getByRole('list', { name: assistantScreens.updatedLicenses });
    await updated.waitFor();
    expect(await updated.getByRole('listitem').allInnerTexts()).toEqual(
      licenses.map((license) => expect.stringContaining(formatLicenseKey(license.key))),
    );
  });

  it('blocks pasting into the e-mail repetition and takes no note over 160 characters', async () => {
    const page = await openShopAssistant(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const assistant = assistantIn(page);
    await tenProSeats(assistant);
    await assistant.getByRole('button', { name: 'Angebot erstellen' }).click();

    const pasteInto = async (name: string) => {
      await textbox(assistant, name).focus();
      await page.keyboard.press('ControlOrMeta+V');
    };
    await page.evaluate(() => navigator.clipboard.writeText('verwaltung@foerderschule.example'));
    await pasteInto('E-Mail');
    expect(await textbox(assistant, 'E-Mail').inputValue()).toBe('verwaltung@foerderschule.example');
    await pasteInto('E-Mail (Wiederholung)');
    expect(await textbox(assistant, 'E-Mail (Wiederholung)').inputValue()).toBe('');

    // The note takes 160 characters; the 161st is refused as it is typed.
    const note = textbox(assistant, fieldLabel('billing.note'));
    await note.fill('x'.repeat(MAX_NOTE_LENGTH + 1));
    expect(await note.inputValue()).toBe('x'.repeat(MAX_NOTE_LENGTH));
  });

  it('hands nothing over when the offer loaded in a second tab was ordered in the first meanwhile', async () => {
    const sessions = browser.server.app.services.upgradeSessions;
    const { session, token } = await sessions.create({
      purchaseType: 'new',
      fromVersion: null,
      toVersion: '9',
      originalLicenses: [],
      accessTokens: [],
      properties: { class: 'pro', size: 10, dvdCount: 0 },
      billing: { countryCode: 'DE' },
      shipToDifferentAddress: false,
      shipping: null,
      resellerLicenses: [],
    });
    const { offerCode } = await sessions.createOffer(
      session._id,
      { billing: BILLING, shipToDifferentAddress: false, shipping: null },
      '127.0.0.1',
    );

    // The second tab loads the offer and reaches its summary …
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await openOfferCode(assistant, offerCode);
    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    // … while the first tab's cart is paid for in the shop.
    const ordered = await browser.server.app.inject({
      method: 'POST',
      url: '/api/v1/shop/demo-order',
      payload: {
        products: [{ sku: 'M9-PRO', quantity: 10 }],
        sessionId: session._id,
        sessionToken: token,
        offerToken: null,
        billing: { name: BILLING.name, email: BILLING.email, countryCode: 'DE' },
        purchaseType: 'new',
      },
    });
    expect(ordered.statusCode).toBe(200);

    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();
    const dialog = assistant.getByRole('dialog', { name: assistantMessages.offerNotAvailableTitle });
    await dialog.getByText(assistantMessages.offerNotAvailableText).waitFor();
    // Nothing reached the shop's cart.
    expect(await shopCart(page).count()).toBe(0);
    await dialog.getByRole('button', { name: assistantScreens.restart }).click();
    await choice(assistant, 'Assistent starten').waitFor();
    expect(await shopCart(page).count()).toBe(0);
  });

  it('says so for an unknown code (case matters) and for an expired offer', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await openOfferCode(assistant, 'abcdefghk');
    await assistant.getByText(assistantMessages.offerNotFound).waitFor();

    const expired = await openShopAssistant(browser, {
      prepare: (tab) =>
        tab.route('**/api/v1/upgrade-session/offer-code', (route) =>
          route.fulfill(errorEnvelope(410, 'OFFER_EXPIRED', 'Das Angebot ist abgelaufen.')),
        ),
    });
    await openOfferCode(assistantIn(expired), 'abcdefghk');
    await assistantIn(expired).getByText(assistantMessages.offerExpired).waitFor();
  });
});
