import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_SCRIPT, axeViolations, horizontalOverflow } from '@/test/accessibility';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense } from '@/test/seed';
import { setLicenseRow } from '@lizenzportal/server/testing';

const browser = setupBrowser();

const bodyRows = (page: Page) => page.locator('tbody').getByRole('row');
const range = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/**
 * Opens a select by keyboard and picks an option. Not by a click: a new rule's searchable field
 * opens its list when the builder moves the focus into it, and that list may cover the field.
 */
async function choose(page: Page, control: string, option: string) {
  const select = page.getByRole('combobox', { name: control, exact: true });
  await select.focus();
  if ((await select.getAttribute('aria-expanded')) !== 'true') await select.press('ArrowDown');
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a rule to the query builder: field, operator and (typed or chosen) value. */
async function addFilter(page: Page, number: number, field: string, operator: string, value?: string) {
  await page.getByRole('button', { name: 'Filter hinzufügen' }).click();
  await choose(page, `Filter ${number}: Feld`, field);
  await choose(page, `Filter ${number}: Operator`, operator);
  if (value === undefined) return;
  const input = page.getByRole('textbox', { name: `Filter ${number}: Wert`, exact: true });
  if (await input.count()) await input.fill(value);
  else await choose(page, `Filter ${number}: Wert`, value);
}

/** Waits until the keyboard has highlighted this option of the open list. */
async function selectedOption(page: Page, name: string) {
  await page.locator('[data-combobox-selected]').getByText(name, { exact: true }).waitFor();
}

async function seed() {
  const server = browser.server;
  for (const name of ['Anna Müller', 'Berta Mueller', 'Carl Schmidt']) {
    await bindLicense(server, await createLicense(server), { name });
  }
  const unbound = await createLicense(server, { count: 2 });
  await setLicenseRow(server.app.services.database.db, unbound._id, { notes: 'Müller fragt nach' });
}

describe('filtering the license list', () => {
  it('finds licenses by holder name pattern and status, and keeps the view in the address', async () => {
    await seed();
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await range(page, '1–5 von 5');

    await addFilter(page, 1, 'Name des Lizenznehmers', 'passt auf Muster', 'm(ü|ue)ller');
    await addFilter(page, 2, 'Status', 'ist gleich', 'Gebunden');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await range(page, '1–2 von 2');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('filter'))
      .toBe('holder.name~regex~m(ü|ue)ller__status~eq~bound');
    const names = await bodyRows(page).allInnerTexts();
    expect(names.join('\n')).toContain('Anna Müller');
    expect(names.join('\n')).toContain('Berta Mueller');

    await page.reload();
    await range(page, '1–2 von 2');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Filter 1: Wert' }).inputValue())
      .toBe('m(ü|ue)ller');

    await page.goBack();
    await range(page, '1–5 von 5');
    expect(await page.getByRole('textbox', { name: 'Filter 1: Wert' }).count()).toBe(0);
  });

  it('names a value it cannot read beside the value, and sends nothing', async () => {
    await seed();
    const page = await browser.open('/backend/license?limit=50', { token: await adminToken(browser.server) });
    await range(page, '1–5 von 5');
    await addFilter(page, 1, 'Erzeugt', 'größer oder gleich', '31.02.26');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await page.getByText('„Erzeugt” erwartet ein Datum wie 31.12.2026').waitFor();
    expect(new URL(page.url()).search).toBe('?limit=50');

    await page.getByRole('textbox', { name: 'Filter 1: Wert' }).fill('01.01.20');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('filter') === 'createdAt~gte~01.01.20');
    // Other parameters stay; a new filter starts at the first page.
    expect(new URL(page.url()).searchParams.get('limit')).toBe('50');
    await range(page, '1–5 von 5');
  });

  it('shows the server’s reason when it refuses a search, and keeps the filter to correct', async () => {
    await seed();
    const page = await browser.open('/backend/license?filter=notes~regex~(', {
      token: await adminToken(browser.server),
    });
    await page.getByText('Das Suchmuster ist ungültig.').waitFor();
    await page.getByRole('textbox', { name: 'Filter 1: Wert' }).fill('müller');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await range(page, '1–1 von 1');
  });

  it('is usable by keyboard alone', async () => {
    await seed();
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await range(page, '1–5 von 5');
    await page.getByRole('button', { name: 'Filter hinzufügen' }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('combobox', { name: 'Filter 1: Feld' });
    await field.focus();
    // The field's search starts from its current name: select it to type over it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Status');
    // A user waits for the list to show the match before choosing it; keys pressed earlier go nowhere.
    await page.getByRole('option', { name: 'Status', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await selectedOption(page, 'Status');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('Status');
    const value = page.getByRole('combobox', { name: 'Filter 1: Wert' });
    await value.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => value.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Gebunden', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await selectedOption(page, 'Gebunden');
    await page.keyboard.press('Enter');
    await expect.poll(() => value.inputValue()).toBe('Gebunden');
    await page.getByRole('button', { name: 'Filter anwenden' }).focus();
    await page.keyboard.press('Enter');
    await range(page, '1–3 von 3');
  });

  it('passes the accessibility checks with a rule of every kind, at 1280 and 360 px', async () => {
    await seed();
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      bypassCSP: true,
      prepare: (page) => page.addInitScript({ path: AXE_SCRIPT }),
    });
    await range(page, '1–5 von 5');
    await addFilter(page, 1, 'Name des Lizenznehmers', 'enthält', 'Anna');
    await addFilter(page, 2, 'Lizenzklasse', 'ist einer von');
    await page.getByRole('combobox', { name: 'Filter 2: Wert' }).click();
    await page.getByRole('option', { name: 'Pro-Lizenz' }).click();
    await page.keyboard.press('Escape');
    await addFilter(page, 3, 'Lizenzschlüssel', 'ist einer von');
    await page.getByRole('combobox', { name: 'Filter 3: Wert' }).fill('ABCD');
    await page.keyboard.press('Enter');
    await addFilter(page, 4, 'Gebunden am', 'ist vorhanden');
    await addFilter(page, 5, 'Größe', 'größer als', 'viele');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await page.getByText('„Größe” erwartet eine ganze Zahl.').waitFor();
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      expect([
        ...(await axeViolations(page)),
        ...(width === 360 ? await horizontalOverflow(page) : []),
      ]).toEqual([]);
    }
  });
});
