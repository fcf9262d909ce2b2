import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { openShopAssistant } from '@/test/shop-assistant';

const browser = setupBrowser();

const assistantIn = (page: Page): FrameLocator => page.frameLocator('iframe[title="Lizenz-Assistent"]');
const choice = (frame: FrameLocator, title: string) =>
  frame.getByRole('button', { name: new RegExp(`^${title}`) });

/** The stand-in shop on a 360 px phone, its assistant's first answer focused. */
async function openOnPhone(): Promise<{ page: Page; assistant: FrameLocator }> {
  const page = await openShopAssistant(browser);
  await page.setViewportSize({ width: 360, height: 740 });
  return { page, assistant: assistantIn(page) };
}

/** Presses Tab until `target` has the focus: it is reachable by keyboard, in the page's order. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let press = 0; press < 40; press++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to a field and types into it (what was in it replaced). */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Tabs to a button and presses it with Enter. */
async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** The assistant's visible elements that reach past its 360 px: none may (no sideways scrolling). */
function tooWide(page: Page): Promise<string[]> {
  const frame = page.frame({ url: /\/m9-assistent/ })!;
  return frame.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 1 || box.left < -1);
      })
      .map((element) => `${element.tagName.toLowerCase()} „${element.textContent?.slice(0, 40) ?? ''}”`);
  });
}

/** The cart's gross total is on screen: its row shown, its amount within the frame's width. */
async function expectTotalInView(assistant: FrameLocator): Promise<void> {
  const gross = assistant.getByRole('row', { name: /^Gesamtbetrag/ }).getByRole('cell');
  await gross.waitFor();
  expect(
    await gross.evaluate(
      (cell) => cell.getBoundingClientRect().right <= cell.ownerDocument.documentElement.clientWidth,
    ),
  ).toBe(true);
}

describe('the assistant on a 360 px phone, by keyboard alone', () => {
  it('buys pro seats: calculator, summary and offer form fit the screen, totals in view', async () => {
    const { page, assistant } = await openOnPhone();
    await choice(assistant, 'Assistent starten').focus();
    await page.keyboard.press('Enter');
    await assistant.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    await press(page, choice(assistant, 'Deutschland'));
    await press(page, choice(assistant, 'Nein, ich möchte eine neue Lizenz kaufen'));
    await press(page, choice(assistant, 'Pro-Lizenz'));

    await typeInto(page, assistant.getByLabel('Anzahl der Arbeitsplätze'), '25');
    await typeInto(page, assistant.getByLabel('Zusätzliche DVDs'), '1');
    await expectTotalInView(assistant);
    expect(await tooWide(page)).toEqual([]);
    await press(page, assistant.getByRole('button', { name: 'Weiter', exact: true }));

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    // Each item's figures stand under its title; the net stays beside it.
    await assistant
      .getByRole('row', {
        name: /^Pro-Lizenz Version 9 Menge: 25 · Einzelpreis: .* · Summe: .* Listenpreis 90,00 € − Mengenrabatt /,
      })
      .waitFor();
    await expectTotalInView(assistant);
    expect(await tooWide(page)).toEqual([]);
    await press(page, assistant.getByRole('button', { name: 'Angebot erstellen' }));

    await assistant.getByRole('heading', { name: 'Angebot anfordern' }).waitFor();
    const textbox = (name: string) => assistant.getByRole('textbox', { name, exact: true });
    await typeInto(page, textbox('E-Mail'), 'verwaltung@foerderschule.example');
    await typeInto(page, textbox('E-Mail (Wiederholung)'), 'verwaltung@foerderschule.example');
    await typeInto(page, textbox('Firmenname oder Name'), 'Förderschule am See');
    await typeInto(page, textbox('Straße'), 'Seestraße');
    await typeInto(page, textbox('Hausnummer'), '12');
    await typeInto(page, textbox('PLZ'), '78462');
    await typeInto(page, textbox('Ort'), 'Konstanz');
    const request = assistant.getByRole('button', { name: 'Angebot per E-Mail anfordern' });
    await tabTo(page, request);
    expect(await request.isEnabled()).toBe(true);
    expect(await tooWide(page)).toEqual([]);
    // Three steps typed key by key, on a machine shared by every test project.
  }, 90_000);

  it('takes a reseller order whose summary fits the screen, totals in view', async () => {
    const { page, assistant } = await openOnPhone();
    await choice(assistant, 'Reseller-Bestellung').focus();
    await page.keyboard.press('Enter');
    await press(page, assistant.getByRole('button', { name: 'Lizenz hinzufügen' }));
    const line = assistant.getByRole('group', { name: 'Lizenz „Lizenz 1”' });
    await typeInto(page, line.getByLabel('Größe (Arbeitsplätze)'), '120');
    await typeInto(page, line.getByLabel('Anzahl Lizenzen'), '2');
    expect(await tooWide(page)).toEqual([]);
    await press(page, assistant.getByRole('button', { name: 'Zur Übersicht' }));

    await assistant.getByRole('heading', { name: 'Ihre Bestellung im Überblick' }).waitFor();
    await assistant.getByRole('row', { name: /^Pro-Lizenz Version 9 Menge: 240 · Einzelpreis/ }).waitFor();
    await expectTotalInView(assistant);
    expect(await tooWide(page)).toEqual([]);
    await tabTo(page, assistant.getByRole('button', { name: 'In den Warenkorb' }));
  });
});
