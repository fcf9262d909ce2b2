import {
  assistantMessages,
  assistantScreens,
  formatMoney,
  NO_CONNECTION_MESSAGE,
  SELECT_LOAD_FAILED,
  shopDemoMessages,
} from '@lizenzportal/domain';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { openShopAssistant, shopCart, shopProductRows } from '@/test/shop-assistant';

const browser = setupBrowser();

/** The assistant inside the stand-in shop's iframe. */
const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
/** A step's answer: a button whose name starts with its title (its explanation follows). */
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title.replace(/[()+.]/g, '\\$&')}`) });
interface ReceivedMessage {
  origin: string;
  type: unknown;
}

/**
 * Records, in the shop page, the messages its assistant iframe posts (and their sender's origin):
 * what the shop's own listener gets.
 */
async function recordShopMessages(page: Page): Promise<() => Promise<ReceivedMessage[]>> {
  await page.evaluate(() => {
    const received: ReceivedMessage[] = [];
    Object.assign(window, { receivedShopMessages: received });
    window.addEventListener('message', (event) => {
      if (event.source !== document.querySelector('iframe')?.contentWindow) return;
      received.push({ origin: event.origin, type: (event.data as { type?: unknown } | null)?.type });
    });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { receivedShopMessages: ReceivedMessage[] }).receivedShopMessages,
    );
}

/** „1.070,10 €”, „−63,90 €” or „–” (none) in cents. */
function cents(text: string): number {
  const figure = text.trim();
  if (figure === '–') return 0;
  // formatMoney writes a no-break space before „€”: keep digits and the decimal comma only.
  const digits = figure.replace(/[^\d,]/g, '').replace(',', '.');
  const value = Number(digits);
  // NaN would equal NaN in every comparison below: an unreadable figure fails the test instead.
  if (digits === '' || !Number.isFinite(value)) throw new Error(`not an amount: „${text}”`);
  return Math.round(value * 100);
}

/**
 * Decision 067, as a buyer checks it with the figures in front of them: on every item row, list
 * price − discount = unit price and unit price × quantity = sum; the rows' nets add up to the
 * total net, and net + tax = the amount to pay.
 */
async function expectCartAddsUp(assistant: FrameLocator): Promise<void> {
  const cart = assistant.getByRole('table', { name: assistantScreens.cartCaption });
  const items = await cart
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''))
        .filter((cells) => cells.length === 5),
    );
  expect(items.length).toBeGreaterThan(0);
  let nets = 0;
  for (const cells of items) {
    const [item, quantity, unitPrice, sum, net] = cells as [string, string, string, string, string];
    const row = cells.join(' | ');
    const discounted = /Listenpreis ([\d.,]+ €) − Mengenrabatt ([\d.,]+ €)/.exec(item);
    if (discounted) expect(cents(discounted[1]!) - cents(discounted[2]!), row).toBe(cents(unitPrice));
    expect(cents(unitPrice) * Number(quantity.replaceAll('.', '')), row).toBe(cents(sum));
    expect(Math.round((cents(sum) * 100) / 119), row).toBe(cents(net));
    nets += cents(net);
  }
  const total = async (name: RegExp) =>
    cents(await cart.getByRole('row', { name }).getByRole('cell').innerText());
  const [net, vat, gross] = await Promise.all([
    total(/^Summe netto/),
    total(/^MwSt\./),
    total(/^Gesamtbetrag/),
  ]);
  expect(nets).toBe(net);
  expect(net + vat).toBe(gross);
}

async function totalGross(page: Page): Promise<string> {
  const row = shopCart(page).getByRole('row', { name: /^Gesamt/ });
  return (await row.getByRole('cell').innerText()).trim();
}

describe('the license assistant in the shop page', () => {
  it('buys 10 pro seats with a DVD in Germany and hands the cart to the shop', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    const shopMessages = await recordShopMessages(page);

    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Deutschland').click();
    await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
    await assistant.getByRole('heading', { name: 'Welche Lizenz möchten Sie?' }).waitFor();
    // Both prices in one form: gross, per license or per seat.
    await choice(assistant, 'Persönliche Lizenz').getByText('80,00 € inkl. MwSt. je Lizenz').waitFor();
    await choice(assistant, 'Pro-Lizenz').getByText('90,00 € inkl. MwSt. je Arbeitsplatz').waitFor();
    expect((await shopMessages()).map((message) => message.type)).not.toContain('test');
    await choice(assistant, 'Pro-Lizenz').click();
    // The pro license click posts the test message (customer spec §7), from the assistant's origin.
    await expect
      .poll(async () => (await shopMessages()).filter((message) => message.type === 'test'))
      .toEqual([{ origin: new URL(browser.server.url).origin, type: 'test' }]);
    const oneProLicense = assistant.getByText(assistantMessages.oneProLicensePerOrder);
    expect(await oneProLicense.count()).toBe(0);
    await assistant.getByLabel('Anzahl der Arbeitsplätze').fill('10');
    // More than one seat: the seats all belong to the order's one pro license (spec §5).
    await oneProLicense.waitFor();
    await assistant.getByLabel('Zusätzliche DVDs').fill('1');
    // The price follows the choice at once: 10 × 51,30 € and a DVD.
    await assistant.getByRole('row', { name: /Gesamtbetrag 528,00/ }).waitFor();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    // The offer PDF's columns and words (decision 067): the shop's prices, German VAT included —
    // unit price (list price − discount under the title), unit price × quantity — and the net.
    await assistant.getByRole('row', { name: 'Artikel Menge Einzelpreis Summe Summe netto' }).waitFor();
    await assistant
      .getByRole('row', {
        name: 'Pro-Lizenz Version 9 Listenpreis 90,00 € − Mengenrabatt 38,70 € 10 51,30 € 513,00 € 431,09 €',
      })
      .waitFor();
    await assistant.getByRole('row', { name: /MwSt\. 19 % 84,30 €/ }).waitFor();
    await assistant.getByRole('row', { name: /Gesamtbetrag 528,00 €/ }).waitFor();
    await assistant
      .getByText(/^Listenpreis, Mengenrabatt, Einzelpreis und Summe sind Preise des Shops/)
      .waitFor();
    await expectCartAddsUp(assistant);
    // An invoice to Germany is never tax-free.
    expect(await assistant.getByText(assistantMessages.taxFreeInvoice).count()).toBe(0);
    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

    // What happened, no promise of a redirect; the shop page shows its cart and puts focus on it.
    await assistant.getByText(assistantScreens.handedOver, { exact: true }).waitFor();
    expect(assistantScreens.handedOver).toBe('Der Warenkorb wurde an den Shop übergeben.');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(shopDemoMessages.cart);
    expect(await shopProductRows(page)).toEqual([
      ['M9-PRO', '801', '10'],
      ['M9-DVD', '805', '1'],
    ]);
    expect(await totalGross(page)).toBe(formatMoney(528_00));
    await shopCart(page).getByText('Neukauf').waitFor();
    // Every step asked the shop to scroll up and set the frame's height; the cart came last.
    const types = (await shopMessages()).map((message) => message.type);
    expect(types).toEqual(expect.arrayContaining(['scroll_to_top', 'adjust_height']));
    expect(types.filter((type) => type === 'add_to_cart')).toHaveLength(1);
  });

  it('says on /shop-demo opened at another address than the shop’s which address to open', async () => {
    const shopOrigin = new URL(browser.server.url);
    const elsewhere = `http://localhost:${shopOrigin.port}/shop-demo`;
    const page = await browser.open(elsewhere);
    await page
      .getByRole('alert')
      .getByText(shopDemoMessages.otherOrigin(shopOrigin.origin, `${shopOrigin.origin}/shop-demo`))
      .waitFor();
    // On the shop's own address the page has nothing to warn about.
    const atHome = await openShopAssistant(browser);
    await atHome.getByText(shopDemoMessages.standsForTheShop).waitFor();
    expect(await atHome.getByText(/übergibt seinen Warenkorb nur an/).count()).toBe(0);
    // The page's standing intro is no alert: only news is announced.
    expect(
      await atHome.getByRole('alert').filter({ hasText: shopDemoMessages.standsForTheShop }).count(),
    ).toBe(0);
  });

  it('says at the field what it does not take: 10.001 seats, a country not in the list', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Anderes Land').click();
    const country = assistant.getByPlaceholder(assistantScreens.countryPlaceholder);
    await country.fill('Kosovo');
    await assistant.getByText(assistantScreens.noCountryFound('support@example.com')).waitFor();
    await country.fill('Schweden');
    await assistant.getByRole('option', { name: 'Schweden' }).click();
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
    await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
    await choice(assistant, 'Pro-Lizenz').click();

    const seats = assistant.getByLabel('Anzahl der Arbeitsplätze');
    await seats.fill('10001');
    await assistant.getByText('„Anzahl der Arbeitsplätze” muss zwischen 1 und 10.000 liegen.').waitFor();
    await seats.blur();
    // The number typed stays; nothing is priced for another one, and the step waits.
    expect(await seats.inputValue()).toBe('10001');
    // No price at all: the last count in range is not what the field asks for.
    expect(await assistant.getByRole('table').count()).toBe(0);
    await assistant.getByText(assistantScreens.priceAwaitsSeats).waitFor();
    expect(await assistant.getByRole('button', { name: 'Weiter', exact: true }).isDisabled()).toBe(true);
    await seats.fill('10000');
    await assistant.getByRole('row', { name: /^Pro-Lizenz Version 9 Listenpreis .* 10\.000 / }).waitFor();
    expect(await assistant.getByText(assistantScreens.priceAwaitsSeats).count()).toBe(0);
    expect(await assistant.getByRole('button', { name: 'Weiter', exact: true }).isDisabled()).toBe(false);
  });

  it('offers no DVD to Austria and prices the personal license with Austrian VAT', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);

    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Österreich').click();
    await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
    // The price with the billing country's VAT: 67,23 € net plus 20 %.
    await choice(assistant, 'Persönliche Lizenz').getByText('80,68 € inkl. MwSt. je Lizenz').waitFor();
    await choice(assistant, 'Persönliche Lizenz').click();

    await assistant.getByText('DVDs können nur nach Deutschland geliefert werden').waitFor();
    expect(await choice(assistant, 'Mit zusätzlicher DVD').isDisabled()).toBe(true);
    await choice(assistant, 'Ohne DVD').click();

    // 80 € German gross: 67,23 € net plus 20 % Austrian VAT.
    await assistant.getByRole('row', { name: /MwSt\. 20 % 13,45 €/ }).waitFor();
    await assistant.getByRole('row', { name: /Gesamtbetrag 80,68 €/ }).waitFor();
    await expectCartAddsUp(assistant);
    // Austria is in the EU: a business there may get a tax-free invoice, on conditions.
    await assistant.getByText(assistantMessages.taxFreeInvoice).waitFor();
    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

    expect(await shopProductRows(page)).toEqual([['M9-PER', '802', '1']]);
    expect(await totalGross(page)).toBe(formatMoney(80_68));
  });

  it('goes back step by step and the shop follows the height it asks for', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    const frame = page.locator('iframe[title="Lizenz-Assistent"]');

    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Schweiz').click();
    await assistant.getByRole('heading', { name: 'Haben Sie bereits eine Lizenz?' }).waitFor();
    await assistant.getByRole('button', { name: 'Zurück' }).click();
    await assistant.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    await assistant.getByRole('button', { name: 'Zurück' }).click();
    await assistant.getByRole('heading', { name: 'Willkommen beim Lizenz-Assistenten' }).waitFor();
    expect(await assistant.getByRole('button', { name: 'Zurück' }).count()).toBe(0);

    await page.waitForFunction(
      () => (document.querySelector('iframe')?.getBoundingClientRect().height ?? 0) >= 850,
    );
    expect((await frame.boundingBox())!.height).toBeGreaterThanOrEqual(850);
  });

  it('runs by keyboard alone at 360 px without scrolling sideways', async () => {
    const page = await openShopAssistant(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    const assistant = assistantIn(page);
    const start = choice(assistant, 'Assistent starten');

    await start.focus();
    await page.keyboard.press('Enter');
    await assistant.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    // The step's heading has the focus: the next Tab reaches the step's first answer.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await assistant.getByRole('heading', { name: 'Haben Sie bereits eine Lizenz?' }).waitFor();

    const frame = page.frame({ url: /\/m9-assistent/ })!;
    const overflow = await frame.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('takes a reseller order of three licenses, each priced by its own size', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    const line = (reference: string) => assistant.getByRole('group', { name: `Lizenz „${reference}”` });

    await choice(assistant, 'Reseller-Bestellung').click();
    for (let added = 0; added < 3; added++) {
      await assistant.getByRole('button', { name: 'Lizenz hinzufügen' }).click();
    }
    await line('Lizenz 1').getByLabel('Größe (Arbeitsplätze)').fill('10');
    await line('Lizenz 1').getByLabel('DVDs je Lizenz').fill('1');
    // The editor's class is the „Lizenzklasse” (Pro or Persönlich), as everywhere else.
    await line('Lizenz 2').getByLabel('Lizenzklasse').click();
    await assistant.getByRole('option', { name: 'Persönliche Lizenz' }).click();
    await line('Lizenz 2').getByLabel('Anzahl Lizenzen').fill('5');
    // A size out of range stays as typed with the field's error, and the order waits for it.
    await line('Lizenz 3').getByLabel('Größe (Arbeitsplätze)').fill('100001');
    await line('Lizenz 3').getByText('„Größe (Arbeitsplätze)” muss zwischen 1 und 100.000 liegen.').waitFor();
    expect(await assistant.getByRole('button', { name: 'Zur Übersicht' }).isDisabled()).toBe(true);
    await line('Lizenz 3').getByLabel('Größe (Arbeitsplätze)').fill('120');
    await line('Lizenz 3').getByLabel('Anzahl Lizenzen').fill('2');
    await line('Lizenz 3').getByLabel('Kundenreferenz').fill('Schule Nord');
    await line('Lizenz 3').getByLabel('Kundenreferenz').blur();
    await line('Schule Nord').waitFor();
    // Each line says how many licenses of which size it is, not only the seats it adds up to.
    await line('Schule Nord').getByText('2 Lizenzen × 120 Arbeitsplätze', { exact: true }).waitFor();
    await line('Lizenz 2').getByText('5 Lizenzen × 1 Arbeitsplatz', { exact: true }).waitFor();
    await assistant.getByRole('button', { name: 'Zur Übersicht' }).click();

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    // So does the summary's cart, above each line's items: „Menge 240” is seats, not licenses.
    for (const heading of [
      '„Lizenz 1”: 1 Lizenz × 10 Arbeitsplätze',
      '„Lizenz 2”: 5 Lizenzen × 1 Arbeitsplatz',
      '„Schule Nord”: 2 Lizenzen × 120 Arbeitsplätze',
    ]) {
      await assistant.getByRole('rowheader', { name: heading, exact: true }).waitFor();
    }
    // 120 seats a license: factor 0.168, whatever the other lines hold.
    await assistant
      .getByRole('row', {
        name: /^Pro-Lizenz Version 9 Listenpreis 90,00 € − Mengenrabatt [0-9,]+ € 240 [0-9,]+ € /,
      })
      .waitFor();
    await expectCartAddsUp(assistant);
    const gross = await assistant
      .getByRole('row', { name: /^Gesamtbetrag/ })
      .getByRole('cell')
      .innerText();
    await assistant.getByRole('button', { name: 'In den Warenkorb' }).click();

    expect(await shopProductRows(page)).toEqual([
      ['M9-PRO', '801', '10'],
      ['M9-DVD', '805', '1'],
      ['M9-PER', '802', '5'],
      ['M9-PRO', '801', '240'],
    ]);
    expect(await totalGross(page)).toBe(gross.trim());
    await shopCart(page).getByRole('cell', { name: 'Schule Nord' }).waitFor();
  });

  it('shows why the next step is missing when its download fails, and fetches it again', async () => {
    const laterSteps = /\/assets\/later-steps-[^/]+\.js$/;
    // The screens after the welcome step cannot be downloaded until the error has been seen.
    let offline = true;
    const page = await openShopAssistant(browser, {
      failingRequests: laterSteps,
      prepare: (page) => page.route(laterSteps, (route) => (offline ? route.abort() : route.continue())),
    });
    const assistant = assistantIn(page);

    await choice(assistant, 'Assistent starten').click();
    const failure = assistant.getByRole('alert').filter({ hasText: assistantScreens.laterStepsFailed });
    await failure.getByText(NO_CONNECTION_MESSAGE).waitFor();
    offline = false;
    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();

    await assistant.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    expect(await failure.count()).toBe(0);
    await choice(assistant, 'Deutschland').click();
    await assistant.getByRole('heading', { name: 'Haben Sie bereits eine Lizenz?' }).waitFor();
  });

  it('fetches the select only where one is shown; a failed download says so, and is asked again', async () => {
    const selectCode = /\/assets\/select-field-[^/]+\.js$/;
    const asked: string[] = [];
    let offline = true;
    const page = await openShopAssistant(browser, {
      failingRequests: selectCode,
      prepare: (page) =>
        page.route(selectCode, (route) => {
          asked.push(route.request().url());
          return offline ? route.abort() : route.continue();
        }),
    });
    const assistant = assistantIn(page);

    await choice(assistant, 'Assistent starten').click();
    await assistant.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    expect(asked).toEqual([]);
    await choice(assistant, 'Anderes Land').click();
    const failure = assistant.getByRole('alert').filter({ hasText: SELECT_LOAD_FAILED });
    await failure.getByText(NO_CONNECTION_MESSAGE).waitFor();
    offline = false;
    await failure.getByRole('button', { name: 'Erneut versuchen' }).click();

    const country = assistant.getByRole('combobox', { name: assistantScreens.countryLabel });
    await country.fill('Schweden');
    await assistant.getByRole('option', { name: 'Schweden' }).click();
    expect(await failure.count()).toBe(0);
    await assistant.getByRole('button', { name: 'Weiter', exact: true }).click();
    await assistant.getByRole('heading', { name: 'Haben Sie bereits eine Lizenz?' }).waitFor();
  });

  it('says beside the DVD field, until dismissed, that fewer seats cut the DVDs', async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    await choice(assistant, 'Assistent starten').click();
    await choice(assistant, 'Deutschland').click();
    await choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen').click();
    await choice(assistant, 'Pro-Lizenz').click();
    const seats = assistant.getByLabel('Anzahl der Arbeitsplätze');
    const dvds = assistant.getByLabel('Zusätzliche DVDs');
    await seats.fill('5');
    await dvds.fill('4');
    await assistant.getByRole('row', { name: /^Zusätzliche DVD Version 9 4 / }).waitFor();
    await seats.fill('2');
    const notice = assistant
      .getByRole('status')
      .filter({ hasText: `${assistantMessages.dvdMaximumIsSize}. ${assistantScreens.dvdsCutTo(2)}` });
    await notice.waitFor();
    expect(await dvds.inputValue()).toBe('2');
    // It stands where the DVDs are, and stays longer than a toast would (5 s).
    const [field, note] = [(await dvds.boundingBox())!, (await notice.boundingBox())!];
    expect(note.y).toBeGreaterThan(field.y);
    expect(Math.abs(note.x - field.x)).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await notice.isVisible()).toBe(true);
    await notice.getByRole('button', { name: assistantScreens.dismissNotice }).click();
    await notice.waitFor({ state: 'detached' });
    // No toast said it besides.
    expect(
      await assistant.getByRole('alert').filter({ hasText: assistantMessages.dvdMaximumIsSize }).count(),
    ).toBe(0);
  }, 60_000);

  it("clamps a reseller line's DVDs to its size with a toast, also when the size shrinks", async () => {
    const page = await openShopAssistant(browser);
    const assistant = assistantIn(page);
    const line = assistant.getByRole('group', { name: 'Lizenz „Lizenz 1”' });
    const dvds = line.getByLabel('DVDs je Lizenz');
    const toast = assistant.getByRole('alert').filter({ hasText: assistantMessages.dvdMaximumIsSize });

    await choice(assistant, 'Reseller-Bestellung').click();
    await assistant.getByRole('button', { name: 'Lizenz hinzufügen' }).click();
    await line.getByLabel('Größe (Arbeitsplätze)').fill('3');
    await dvds.fill('5');
    await toast.waitFor();
    await dvds.blur();
    expect(await dvds.inputValue()).toBe('3');
    // Toasts close by themselves after 5 s: the next one is a new one.
    await toast.waitFor({ state: 'detached', timeout: 20_000 });

    await line.getByLabel('Größe (Arbeitsplätze)').fill('2');
    await toast.waitFor();
    expect(await dvds.inputValue()).toBe('2');
    await assistant.getByRole('button', { name: 'Zur Übersicht' }).click();
    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    await assistant.getByRole('row', { name: /Zusätzliche DVD .* 2 / }).waitFor();
  }, 60_000);
});
