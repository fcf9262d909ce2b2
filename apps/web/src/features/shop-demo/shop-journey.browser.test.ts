import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import {
  assistantScreens,
  bindingMessages,
  deliveryMailTexts,
  DOWNLOAD_CARD_TITLES,
  downloadMessages,
  formatMoney,
  HOLDER_FORM_LABELS,
  orderPaymentMessages,
  orderUndoMessages,
  PRODUCTS,
  PROGRESS_LABELS,
  productTitle,
  refundLinesMessages,
  shopDemoMessages,
  type License,
} from '@lizenzportal/domain';
import type { FrameLocator, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { openShopAssistant } from '@/test/shop-assistant';
import { waitForPath } from '@/test/page';
import { ADMIN, adminToken, bindLicense, createAdmin, createLicense } from '@/test/seed';

// The whole journey waits for the order's generation, its starter document and its mail: jobs.
const browser = setupBrowser({ WORKER: 'inline' });
/** Jobs on a machine shared by every test project: generous. */
const JOBS_MS = 60_000;
/** A page's first element, under the same load. */
const PAGE_MS = 30_000;
const BUYER = { name: 'Förderzentrum am See', email: 'verwaltung@foerderzentrum.example' };
let releases: string;

beforeEach(async () => {
  // Each test reads the mails of its own order: the file's server keeps one outbox.
  const outbox = browser.server.config.mail.outboxDir;
  if (fs.existsSync(outbox)) {
    for (const name of fs.readdirSync(outbox)) fs.rmSync(path.join(outbox, name), { force: true });
  }
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-browser-journey-'));
  const file = path.join(releases, 'software-9.zip');
  fs.writeFileSync(file, 'Version 9 Setup');
  await browser.server.app.services.releases.publish({ product: 'software-9', version: '9.2.0', file });
});
afterEach(() => fs.rmSync(releases, { recursive: true, force: true }));

const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title}`) });

/** The outbox's mails (no mail server in development), parsed, once there are `count` of them. */
async function outboxMails(count: number) {
  const outbox = browser.server.config.mail.outboxDir;
  const files = () =>
    fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
  await expect.poll(() => files().length, { timeout: JOBS_MS }).toBe(count);
  return Promise.all(files().map((file) => simpleParser(fs.readFileSync(path.join(outbox, file)))));
}

/** The one mail in the outbox, parsed, once it is there. */
async function outboxMail() {
  return (await outboxMails(1))[0]!;
}

/** Pays the cart the assistant handed over, as `BUYER`, in the stand-in shop's checkout. */
async function payTheCart(page: Page): Promise<void> {
  const cart = page.getByRole('region', { name: 'Warenkorb' });
  const checkout = cart.getByRole('form', { name: shopDemoMessages.simulateOrder });
  await checkout.getByRole('textbox', { name: 'Firmenname oder Name' }).fill(BUYER.name);
  await checkout.getByRole('textbox', { name: 'E-Mail' }).fill(BUYER.email);
  await checkout.getByRole('button', { name: shopDemoMessages.simulateOrder }).click();
  await cart.getByText(/^Bestellung \d+ ist bezahlt eingegangen$/).waitFor({ timeout: PAGE_MS });
}

/** Extends a version 9 pro license in the assistant to `total` seats, up to the binding step. */
async function extendInTheAssistant(page: Page, license: License, total: number): Promise<FrameLocator> {
  const assistant = assistantIn(page);
  await choice(assistant, 'Assistent starten').click();
  await choice(assistant, 'Deutschland').click();
  await choice(assistant, 'Ja, ich habe bereits eine Lizenz').click();
  await choice(assistant, 'Version 9').click();
  await assistant.getByLabel('Lizenzschlüssel', { exact: true }).fill(license.key);
  const code = license.status === 'bound' ? HOLDER_FORM_LABELS.name : 'Startcode';
  await assistant.getByLabel(code, { exact: true }).fill(license.authenticationCode);
  await assistant.getByRole('button', { name: 'Lizenz hinzufügen' }).click();
  await assistant.getByRole('button', { name: /^Entfernen/ }).waitFor();
  await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
  await assistant.getByLabel(assistantScreens.extensionSeatsInput, { exact: true }).fill(String(total));
  await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
  return assistant;
}

/** Who a mail went to, its subject, its attachments' names and whether it names a start code. */
const mailFacts = (mail: Awaited<ReturnType<typeof outboxMail>>) => ({
  to: mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? '') : '',
  subject: mail.subject,
  attachments: mail.attachments.map((attachment) => attachment.filename),
  startCode: /Startcode:/.test(mail.text ?? ''),
  holderNameLogin: (mail.text ?? '').replace(/\s+/g, ' ').includes(deliveryMailTexts.holderNameLogin),
});

/** Buys 3 pro seats in the stand-in shop and simulates the paid order; its number and back-office page. */
async function buyInTheShop(page: Page): Promise<{ order: string; generationPage: string }> {
  const assistant = assistantIn(page);
  // The assistant loads in its frame; on a machine busy with every test project that takes a while.
  await choice(assistant, 'Assistent starten').waitFor({ timeout: PAGE_MS });
  await choice(assistant, 'Assistent starten').click();
  await choice(assistant, 'Deutschland').click();
  await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
  await choice(assistant, 'Pro-Lizenz').click();
  await assistant.getByLabel('Anzahl der Arbeitsplätze').fill('3');
  await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
  await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

  // The checkout: who buys, then the paid order through the portal's webhook.
  const cart = page.getByRole('region', { name: 'Warenkorb' });
  const checkout = cart.getByRole('form', { name: shopDemoMessages.simulateOrder });
  await checkout.getByRole('textbox', { name: 'Firmenname oder Name' }).fill(BUYER.name);
  await checkout.getByRole('textbox', { name: 'E-Mail' }).fill(BUYER.email);
  await checkout.getByRole('button', { name: shopDemoMessages.simulateOrder }).click();
  const received = cart.getByText(/^Bestellung \d+ ist bezahlt eingegangen$/);
  await received.waitFor({ timeout: PAGE_MS });
  await cart.getByText(shopDemoMessages.documentsOnTheirWay(BUYER.email)).waitFor();
  // Where the mails went, without the server's paths.
  await cart.getByText(shopDemoMessages.outbox).waitFor();
  expect(await cart.getByText(browser.server.config.dataDir).count()).toBe(0);
  const generationPage = await cart
    .getByRole('link', { name: shopDemoMessages.toOrderGeneration })
    .getAttribute('href');
  return { order: /\d+/.exec(await received.innerText())![0], generationPage: generationPage! };
}

async function bind(page: Page): Promise<void> {
  const binding = page.getByRole('form', { name: 'Lizenz binden' });
  await binding.waitFor({ timeout: PAGE_MS });
  await binding.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill(BUYER.name);
  await binding.getByLabel(HOLDER_FORM_LABELS.contact, { exact: false }).fill('Erika Mustermann');
  await binding.getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true }).fill(BUYER.email);
  // Typed, not pasted: the confirmation refuses pasting.
  await binding
    .getByLabel(HOLDER_FORM_LABELS.emailConfirmation, { exact: false })
    .pressSequentially(BUYER.email);
  await binding.getByLabel(bindingMessages.authorizedLabel).check();
  await binding.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
  await binding.getByRole('button', { name: bindingMessages.submit }).click();
  await page.getByText('Ihre Lizenz ist gebunden').waitFor({ timeout: PAGE_MS });
}

describe('a shop order from the assistant to the download, locally', () => {
  it(
    'buys in /shop-demo, mails the start code, binds, downloads; the back office shows all of it',
    async () => {
      const page = await openShopAssistant(browser, {
        // Download links carry PUBLIC_URL; the test server listens on a port of its own.
        prepare: (opened) =>
          opened.route(`${browser.server.config.publicUrl}/api/**`, (route) =>
            route.continue({
              url: route.request().url().replace(browser.server.config.publicUrl, browser.server.url),
            }),
          ),
      });
      const { order, generationPage } = await buyInTheShop(page);

      const mail = await outboxMail();
      expect(mail.subject).toMatch(/^Ihre Bestellung: Startdokument/);
      expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
      const key = /Lizenzschlüssel: (\S+)/.exec(mail.text!)![1]!;
      const startCode = /Startcode: ([\d ]+)/.exec(mail.text!)![1]!.trim();

      await page.getByRole('link', { name: shopDemoMessages.toSignIn }).click();
      await waitForPath(page, '/login');
      await page.getByLabel('Lizenzschlüssel', { exact: true }).waitFor({ timeout: PAGE_MS });
      await page.getByLabel('Lizenzschlüssel', { exact: true }).fill(key);
      await page.getByLabel('Startcode', { exact: true }).fill(startCode);
      await page.getByRole('button', { name: 'Weiter' }).click();
      await bind(page);

      await page.getByRole('link', { name: 'Download' }).first().click();
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Weiter' }).click();
      await page.getByRole('button', { name: `${DOWNLOAD_CARD_TITLES.mainDownload} öffnen` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: downloadMessages.generateLink }).click();
      await dialog.getByRole('link', { name: downloadMessages.download }).waitFor();

      // The admin finds the order's generation completed, its delivery sent and the download counted.
      await createAdmin(browser.server);
      const admin = await browser.open('/backend/login');
      await admin.getByLabel('Benutzername', { exact: true }).waitFor({ timeout: PAGE_MS });
      await admin.getByLabel('Benutzername', { exact: true }).fill(ADMIN.username);
      await admin.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
      await admin.getByRole('button', { name: 'Anmelden' }).click();
      await admin.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor({ timeout: PAGE_MS });
      await admin.goto(generationPage);
      await admin.getByText(`Bestellung ${order}`).waitFor({ timeout: PAGE_MS });
      await admin.getByText(PROGRESS_LABELS.completed).first().waitFor();
      const deliveries = admin.getByRole('region', { name: 'Auslieferungen' });
      await expect.poll(() => deliveries.getByRole('listitem').count()).toBe(1);
      await deliveries.getByText(BUYER.email).waitFor();
      // What the order paid beside the portal's price: 3 pro seats at 73,80 €, alike, not flagged.
      const payment = admin.getByRole('region', { name: orderPaymentMessages.panelTitle });
      const threeSeats = orderPaymentMessages.amounts(
        formatMoney(22_140),
        formatMoney(18_605),
        formatMoney(3_535),
      );
      await expect.poll(() => payment.getByText(threeSeats, { exact: true }).count()).toBe(2);
      expect(await payment.getByText(orderPaymentMessages.amountDiffers).count()).toBe(0);

      await admin.getByRole('region', { name: 'Lizenzen' }).getByRole('link').click();
      const downloads = admin.getByRole('region', { name: 'Downloads' });
      await downloads.waitFor({ timeout: PAGE_MS });
      await expect
        .poll(async () => (await downloads.innerText()).replace(/\s+/g, ' '))
        .toMatch(/Downloads der Software 1\b/);
    },
    4 * JOBS_MS,
  );

  it(
    'extends an unbound license: bound to the holder given, its license document mailed to holder and buyer',
    async () => {
      const license = await createLicense(browser.server, { properties: { class: 'pro', size: 4 } });
      const page = await openShopAssistant(browser);
      const assistant = await extendInTheAssistant(page, license, 7);
      await assistant.getByRole('heading', { name: assistantScreens.bindTitle }).waitFor();
      await assistant.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill('Grundschule am Deich');
      await assistant.getByLabel(HOLDER_FORM_LABELS.contact, { exact: false }).fill('Herr Jansen');
      await assistant
        .getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true })
        .fill('sekretariat@deich.example');
      await assistant
        .getByLabel(HOLDER_FORM_LABELS.emailConfirmation, { exact: false })
        .pressSequentially('sekretariat@deich.example');
      await assistant.getByLabel(bindingMessages.authorizedLabel).check();
      await assistant.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
      await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
      await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();
      await payTheCart(page);

      const mails = (await outboxMails(2)).map(mailFacts).toSorted((a, b) => a.to.localeCompare(b.to));
      const licenseMail = {
        subject: deliveryMailTexts.update.subject(productTitle('9')),
        attachments: [expect.stringMatching(/^Lizenzdokument_.*\.pdf$/)],
        startCode: false,
        holderNameLogin: true,
      };
      expect(mails).toEqual([
        { to: 'sekretariat@deich.example', ...licenseMail },
        { to: BUYER.email, ...licenseMail },
      ]);
      // The holder signs in with the name now, the seats grown.
      const bound = await browser.server.app.services.licenses.get(license._id, { type: 'admin' } as never);
      expect(bound).toMatchObject({
        status: 'bound',
        authenticationCode: 'Grundschule am Deich',
        properties: { size: 7 },
      });
    },
    4 * JOBS_MS,
  );

  it(
    'extends a bound license: its holder shown, nothing asked again, the document to holder and buyer',
    async () => {
      const license = await bindLicense(
        browser.server,
        await createLicense(browser.server, { properties: { class: 'pro', size: 4 } }),
        {
          name: 'Praxis Lindenhof',
          email: 'praxis@lindenhof.example',
          holderType: 'organization',
          contact: 'Dr. Lind',
        },
      );
      const page = await openShopAssistant(browser);
      const assistant = await extendInTheAssistant(page, license, 6);
      await assistant.getByRole('heading', { name: assistantScreens.boundHolderTitle }).waitFor();
      await assistant.getByRole('cell', { name: 'Praxis Lindenhof' }).waitFor();
      // No field, no consent, no e-mail to repeat.
      expect(await assistant.getByRole('textbox').count()).toBe(0);
      expect(await assistant.getByRole('checkbox').count()).toBe(0);
      await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
      await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
      await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();
      await payTheCart(page);

      const mails = (await outboxMails(2)).map(mailFacts).toSorted((a, b) => a.to.localeCompare(b.to));
      const updates = mails.filter(
        (mail) => mail.subject === deliveryMailTexts.update.subject(productTitle('9')),
      );
      expect(updates.map((mail) => mail.to)).toEqual(['praxis@lindenhof.example', BUYER.email]);
      expect(updates.every((mail) => mail.holderNameLogin && !mail.startCode)).toBe(true);
    },
    4 * JOBS_MS,
  );

  it(
    'refunds the order in part and in full from /shop-demo: the attention item, then the undo in the back office',
    async () => {
      const page = await openShopAssistant(browser);
      const { order, generationPage } = await buyInTheShop(page);
      // The order's licenses are made (its mail sent) before the shop gives money back.
      await outboxMail();

      const refund = page.getByRole('form', { name: shopDemoMessages.refundTitle });
      await refund.getByRole('button', { name: shopDemoMessages.refundPartial }).click();
      await refund.getByText(shopDemoMessages.pickRefundQuantity).waitFor();
      await refund
        .getByRole('textbox', { name: shopDemoMessages.refundQuantityOf(PRODUCTS['M9-PRO'].title, 'M9-PRO') })
        .fill('1');
      await refund.getByRole('button', { name: shopDemoMessages.refundPartial }).click();
      const sent = refund.getByRole('status');
      await sent
        .getByText(/^Erstattung \d+ über 73,80\s€ an das Portal geschickt\.$/)
        .waitFor({ timeout: PAGE_MS });
      await refund.getByRole('button', { name: shopDemoMessages.refundFull }).click();
      await sent.getByText(shopDemoMessages.fullyRefunded).waitFor({ timeout: PAGE_MS });
      await sent.getByText(/^Erstattung \d+ über 147,60\s€ an das Portal geschickt\.$/).waitFor();
      expect(await refund.getByRole('button', { name: shopDemoMessages.refundFull }).isDisabled()).toBe(true);

      // The back office: „Erstattet, Lizenzen noch aktiv” on the overview, the refunds on the generation, the undo.
      const token = await adminToken(browser.server);
      const overview = await browser.open('/backend', { token });
      await overview
        .getByRole('link', { name: '1 erstattete Bestellung mit aktiven Lizenzen' })
        .waitFor({ timeout: PAGE_MS });
      const admin = await browser.open(generationPage, { token });
      await admin.getByText(`Bestellung ${order}`).waitFor({ timeout: PAGE_MS });
      const payment = admin.getByRole('region', { name: orderPaymentMessages.panelTitle });
      await payment.getByText(/: 73,80\s€ \(Teilerstattung \(simuliert\)\)$/).waitFor();
      await payment.getByText(/: 147,60\s€ \(Widerruf \(simuliert\)\)$/).waitFor();
      // Without the shop's REST key the portal cannot ask which lines were refunded: it says so.
      await payment.getByText(refundLinesMessages.notConfigured).waitFor({ timeout: JOBS_MS });
      await admin.getByRole('button', { name: orderUndoMessages.action }).click();
      const dialog = admin.getByRole('dialog', { name: orderUndoMessages.action });
      const [licenseId] = (
        await browser.server.app.services.orderGenerations.get(generationPage.split('/').at(-1)!)
      ).licenses;
      const license = await browser.server.app.services.licenses.get(licenseId!, { type: 'admin' } as never);
      await dialog.getByText(orderUndoMessages.will.disabled(license.key)).waitFor({ timeout: PAGE_MS });
      await dialog.getByRole('button', { name: orderUndoMessages.confirm }).click();
      await admin
        .getByText(`Bestellung rückabgewickelt: ${license.key} deaktiviert.`)
        .waitFor({ timeout: PAGE_MS });
      await overview.reload();
      await overview.getByText('Alles in Ordnung').waitFor({ timeout: PAGE_MS });
    },
    4 * JOBS_MS,
  );
});
