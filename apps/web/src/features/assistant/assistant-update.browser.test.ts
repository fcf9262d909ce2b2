import {
  assistantMessages,
  assistantScreens,
  bindingMessages,
  formatLicenseKey,
  HOLDER_FORM_LABELS,
  shopDemoMessages,
  validationMessages,
  type License,
} from '@lizenzportal/domain';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { openShopAssistant, shopCart, shopProductRows } from '@/test/shop-assistant';
import { bindLicense, createLicense } from '@/test/seed';

const browser = setupBrowser();

const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title}`) });

/** Signs a license in inside the assistant: key, then start code (unbound) or holder name (bound). */
async function addLicense(assistant: FrameLocator, license: License) {
  await assistant.getByLabel('Lizenzschlüssel', { exact: true }).fill(license.key);
  const code =
    license.status === 'bound'
      ? assistant.getByLabel('Name des Lizenznehmers', { exact: true })
      : assistant.getByLabel('Startcode', { exact: true });
  await code.fill(license.authenticationCode);
  await assistant.getByRole('button', { name: 'Lizenz hinzufügen' }).click();
}

async function startUpdate(page: Page, version: 'Version 8' | 'Version 9') {
  const assistant = assistantIn(page);
  await choice(assistant, 'Assistent starten').click();
  await choice(assistant, 'Deutschland').click();
  await choice(assistant, 'Ja, ich habe bereits eine Lizenz').click();
  await choice(assistant, version).click();
  return assistant;
}

describe('updates and extensions in the assistant', () => {
  it('merges two version 8 licenses into one pro license of their seats, bound to its holder', async () => {
    const bound = await bindLicense(
      browser.server,
      await createLicense(browser.server, { version: '8', properties: { class: 'single', size: 1 } }),
      { name: 'Förderschule am See', holderType: 'organization', contact: 'Erika Mustermann' },
    );
    const unbound = await createLicense(browser.server, {
      version: '8',
      properties: { class: 'multiple', size: 3 },
    });
    const page = await openShopAssistant(browser);
    const assistant = await startUpdate(page, 'Version 8');

    await addLicense(assistant, bound);
    const added = assistant.getByRole('button', { name: /^Entfernen/ });
    await added.first().waitFor();
    await assistant.getByRole('button', { name: 'Weitere Lizenz hinzufügen' }).click();
    await addLicense(assistant, unbound);
    await added.nth(1).waitFor();
    // In the list (the live region says the key too: „Lizenz … hinzugefügt.”).
    await assistant
      .getByRole('listitem')
      .filter({ hasText: formatLicenseKey(unbound.key) })
      .waitFor();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    // Four old seats: a pro license of four seats at the update price.
    await assistant.getByRole('heading', { name: 'Wie viele Arbeitsplätze brauchen Sie?' }).waitFor();
    expect(await assistant.getByLabel('Anzahl der Arbeitsplätze').inputValue()).toBe('4');
    await assistant.getByLabel('Anzahl der Arbeitsplätze').fill('3');
    await assistant.getByText(assistantMessages.reductionText(4)).waitFor();
    await assistant.getByLabel('Anzahl der Arbeitsplätze').fill('4');
    await assistant
      .getByRole('row', {
        name: /Update auf Pro-Lizenz Version 9 (Listenpreis [^€]+€ − Mengenrabatt [^€]+€ )?4 /,
      })
      .waitFor();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    // The holder of the new license: a pro license belongs to an organization.
    await assistant.getByRole('heading', { name: 'Auf wen soll die Lizenz laufen?' }).waitFor();
    expect(await assistant.getByLabel('Name des Lizenznehmers').inputValue()).toBe('Förderschule am See');
    await assistant.getByLabel('Ansprechpartner').fill('Erika Mustermann');
    await assistant
      .getByRole('textbox', { name: 'E-Mail', exact: true })
      .fill('verwaltung@foerderschule.example');
    await assistant.getByLabel('E-Mail (Wiederholung)').fill('verwaltung@foerderschule.example');
    // Both consents of the portal's binding form are required here too.
    const next = assistant.getByRole('button', { name: 'Weiter', exact: true });
    expect(await next.isDisabled()).toBe(true);
    const authorized = assistant.getByLabel(bindingMessages.authorizedLabel);
    await authorized.check();
    await authorized.uncheck();
    await assistant.getByText(validationMessages.required(HOLDER_FORM_LABELS.authorized)).waitFor();
    expect(await next.isDisabled()).toBe(true);
    await authorized.check();
    await assistant.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
    await assistant.getByRole('link', { name: bindingMessages.privacyLink }).waitFor();
    await next.click();

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    await assistant.getByText('Förderschule am See').waitFor();
    // The licenses the update starts from, by their keys.
    const updated = assistant.getByRole('list', { name: assistantScreens.updatedLicenses });
    expect(await updated.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(formatLicenseKey(bound.key)),
      expect.stringContaining(formatLicenseKey(unbound.key)),
    ]);
    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

    const cart = shopCart(page);
    await cart.getByRole('cell', { name: 'M9-PROU' }).waitFor();
    await cart.getByText('Update', { exact: true }).waitFor();
    // The checkout takes the buyer from the cart's session (an update's holder) instead of asking again.
    const checkout = cart.getByRole('form', { name: shopDemoMessages.simulateOrder });
    await expect
      .poll(() => checkout.getByRole('textbox', { name: 'Firmenname oder Name' }).inputValue())
      .toBe('Förderschule am See');
    expect(await checkout.getByRole('textbox', { name: 'E-Mail' }).inputValue()).toBe(
      'verwaltung@foerderschule.example',
    );
    // The session the shop order will name holds the holder and the chosen license.
    const sessionId = (await cart.locator('code').innerText()).trim();
    const stored = await browser.server.app.services.upgradeSessions.get(sessionId);
    expect(stored).toMatchObject({
      purchaseType: 'upgrade',
      originalLicenses: expect.arrayContaining([bound._id, unbound._id]),
      properties: { class: 'pro', size: 4, dvdCount: 0 },
      holder: { holderType: 'organization', name: 'Förderschule am See', contact: 'Erika Mustermann' },
    });
  });

  it('warns about a license of the wrong version or class and keeps it out', async () => {
    const version9 = await createLicense(browser.server, { properties: { class: 'pro', size: 5 } });
    const personal = await createLicense(browser.server, { properties: { class: 'personal', size: 1 } });
    const page = await openShopAssistant(browser);
    const assistant = await startUpdate(page, 'Version 8');

    await addLicense(assistant, version9);
    await assistant.getByText(assistantMessages.upgradeNeedsVersion8('9')).waitFor();
    expect(await assistant.getByRole('button', { name: /^Entfernen/ }).count()).toBe(0);
    expect(await assistant.getByRole('button', { name: 'Weiter', exact: true }).isDisabled()).toBe(true);

    await assistant.getByRole('button', { name: 'Zurück' }).click();
    await choice(assistant, 'Version 9').click();
    await addLicense(assistant, personal);
    await assistant.getByText(/Erweitern lassen sich nur Pro-Lizenzen/).waitFor();
    await addLicense(assistant, version9);
    await assistant.getByRole('button', { name: /^Entfernen/ }).waitFor();
    // An extension names one license only: no second sign-in is offered.
    expect(await assistant.getByRole('button', { name: 'Weitere Lizenz hinzufügen' }).count()).toBe(0);
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
    await assistant.getByText(assistantScreens.extensionSeats(5, 6)).waitFor();
  });

  it('extends a version 9 pro license by the added seats, through binding and summary to the cart', async () => {
    const pro = await createLicense(browser.server, { properties: { class: 'pro', size: 5 } });
    const page = await openShopAssistant(browser);
    const assistant = await startUpdate(page, 'Version 9');
    await addLicense(assistant, pro);
    await assistant.getByRole('button', { name: /^Entfernen/ }).waitFor();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    // The step asks for the license's new total and says so; it has one license, no note that an
    // order buys one pro license only.
    await assistant
      .getByRole('heading', {
        name: 'Wie viele Arbeitsplätze soll Ihre Lizenz künftig insgesamt haben? Bisher 5 Arbeitsplätze',
      })
      .waitFor();
    const seats = assistant.getByLabel('Arbeitsplätze künftig insgesamt', { exact: true });
    expect(await assistant.getByText(assistantMessages.oneProLicensePerOrder).count()).toBe(0);
    // 3 meant as „3 more” is fewer than the license has: said, and no price for it.
    await seats.fill('3');
    await assistant
      .getByRole('alert')
      .filter({ hasText: assistantMessages.extensionNeedsMoreSeats(5) })
      .waitFor();
    await assistant.getByText(assistantScreens.priceAwaitsSeats).waitFor();
    expect(await assistant.getByRole('table').count()).toBe(0);
    expect(await assistant.getByRole('button', { name: 'Weiter', exact: true }).isDisabled()).toBe(true);
    await seats.fill('8');
    await assistant
      .getByText('Bisher 5 Arbeitsplätze, künftig insgesamt 8 – also 3 Arbeitsplätze zusätzlich.')
      .waitFor();
    await assistant
      .getByRole('row', {
        name: /^Erweiterung Pro-Lizenz Version 9 (Listenpreis [^€]+€ − Mengenrabatt [^€]+€ )?3 /,
      })
      .waitFor();
    expect(await assistant.getByText(assistantScreens.priceAwaitsSeats).count()).toBe(0);
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    await assistant.getByRole('heading', { name: 'Auf wen soll die Lizenz laufen?' }).waitFor();
    await assistant.getByLabel('Name des Lizenznehmers').fill('Förderschule am See');
    await assistant.getByLabel('Ansprechpartner').fill('Erika Mustermann');
    await assistant
      .getByRole('textbox', { name: 'E-Mail', exact: true })
      .fill('verwaltung@foerderschule.example');
    await assistant.getByLabel('E-Mail (Wiederholung)').fill('verwaltung@foerderschule.example');
    await assistant.getByLabel(bindingMessages.authorizedLabel).check();
    await assistant.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    const extended = assistant.getByRole('list', { name: assistantScreens.extendedLicense });
    expect(await extended.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(formatLicenseKey(pro.key)),
    ]);
    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

    // Only the three added seats are bought.
    expect(await shopProductRows(page)).toEqual([['M9-PRO', '801', '3']]);
    // The shop's cart names the extension as such, not as a new license.
    await shopCart(page)
      .getByRole('cell', { name: 'Erweiterung Pro-Lizenz Version 9', exact: true })
      .waitFor();
    await shopCart(page).getByText('Erweiterung', { exact: true }).waitFor();
  }, 60_000);

  it('recommends pro for a one-seat version 8 license bound to an organization with a contact', async () => {
    const license = await bindLicense(
      browser.server,
      await createLicense(browser.server, { version: '8', properties: { class: 'single', size: 1 } }),
      { name: 'Musikschule Seeblick', holderType: 'organization', contact: 'Erika Mustermann' },
    );
    const page = await openShopAssistant(browser);
    const assistant = await startUpdate(page, 'Version 8');
    await addLicense(assistant, license);
    await assistant.getByRole('button', { name: /^Entfernen/ }).waitFor();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    // One seat: the class is asked for; the holder's contact marks an organization (spec §4).
    await assistant.getByRole('heading', { name: 'Welche Lizenz möchten Sie?' }).waitFor();
    expect(await choice(assistant, 'Pro-Lizenz').innerText()).toContain(assistantScreens.recommended);
    expect(await choice(assistant, 'Persönliche Lizenz').innerText()).not.toContain(
      assistantScreens.recommended,
    );
  });

  it('offers no update from version 7, only a new purchase', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Deutschland').click();
    await choice(assistant, 'Ja, ich habe bereits eine Lizenz').click();
    await choice(assistant, 'Version 7 oder älter').click();
    await assistant.getByRole('heading', { name: 'Kein Update möglich' }).waitFor();
    await assistant.getByRole('button', { name: 'Neue Lizenz kaufen' }).click();
    await assistant.getByRole('heading', { name: 'Welche Lizenz möchten Sie?' }).waitFor();
  });
});
