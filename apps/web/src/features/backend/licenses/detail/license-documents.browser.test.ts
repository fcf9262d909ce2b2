import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorEnvelope } from '@/test/page';
import { adminToken, bindLicense, createLicense } from '@/test/seed';

const browser = setupBrowser();

/**
 * The test server renders the PDFs in this process, and Playwright's client shares its event loop:
 * on a busy machine a rendering holds up even a click's acknowledgement for many seconds.
 */
const GENERATION_TIMEOUT_MS = 45_000;

async function openDetail(id: string, prepare?: (page: Page) => Promise<unknown>) {
  const page = await browser.open(`/backend/license/${id}`, {
    token: await adminToken(browser.server),
    prepare,
  });
  page.setDefaultTimeout(GENERATION_TIMEOUT_MS);
  await page.getByRole('heading', { name: `Details der Lizenz ${id}` }).waitFor();
  return page;
}

const documents = (page: Page) => page.getByRole('region', { name: 'Dokumente' });
const stored = (id: string) => browser.server.app.services.licenses.findById(id);

/** Waits for a toast with this text and closes it, so that the next one of the same text is new. */
async function toast(page: Page, text: string) {
  const close = page.getByRole('button', { name: 'Hinweis schließen' });
  const shown = page.getByRole('alert').filter({ hasText: text }).filter({ has: close });
  await shown.waitFor();
  await shown.getByRole('button', { name: 'Hinweis schließen' }).click();
  await shown.waitFor({ state: 'detached' });
}

describe('license documents', () => {
  it('generates and regenerates the starter document of an unbound license', async () => {
    const license = await createLicense(browser.server);
    const page = await openDetail(license._id);
    const widget = documents(page);
    await widget.getByText('Startdokument: nicht vorhanden').waitFor();
    // A license document only comes with the binding.
    expect(await widget.getByRole('button', { name: /^Lizenzdokument/ }).count()).toBe(0);

    await widget.getByRole('button', { name: 'Startdokument: Jetzt generieren' }).click();
    await toast(page, 'Startdokument erzeugt');
    await widget.getByText('Startdokument: vorhanden').waitFor();
    await widget.getByRole('button', { name: 'Startdokument öffnen' }).waitFor();
    const first = (await stored(license._id))?.starter_document;
    expect(first).toBeTruthy();

    await widget.getByRole('button', { name: 'Startdokument: Neu generieren' }).click();
    await toast(page, 'Startdokument erzeugt');
    await expect.poll(async () => (await stored(license._id))?.starter_document).not.toBe(first);
  }, 150_000);

  it('generates and regenerates the license document of a bound license, which has no starter document', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await openDetail(license._id);
    const widget = documents(page);
    // Bound without a starter document: „-”, and nothing to generate.
    await widget.getByText('-', { exact: true }).waitFor();
    expect(await widget.getByRole('button', { name: /^Startdokument/ }).count()).toBe(0);
    await widget.getByText('Lizenzdokument: nicht vorhanden').waitFor();

    await widget.getByRole('button', { name: 'Lizenzdokument: Jetzt generieren' }).click();
    await toast(page, 'Lizenzdokument erzeugt');
    await widget.getByText('Lizenzdokument: vorhanden').waitFor();
    const first = (await stored(license._id))?.license_document;
    expect(first).toBeTruthy();

    await widget.getByRole('button', { name: 'Lizenzdokument: Neu generieren' }).click();
    await toast(page, 'Lizenzdokument erzeugt');
    await expect.poll(async () => (await stored(license._id))?.license_document).not.toBe(first);
  }, 150_000);

  it('says in a toast and beside the button why a generation failed, and focuses the reason', async () => {
    const license = await createLicense(browser.server);
    const page = await openDetail(license._id, (page) =>
      page.route('**/api/v1/license/*/starter-document', (route) =>
        route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Der Speicher antwortet nicht.')),
      ),
    );
    await documents(page).getByRole('button', { name: 'Startdokument: Jetzt generieren' }).click();
    const reason = documents(page)
      .getByRole('alert')
      .filter({ hasText: 'Fehler: Der Speicher antwortet nicht.' });
    await expect.poll(() => reason.evaluate((element) => element === document.activeElement)).toBe(true);
    // Once the toast is gone, the reason stays where it happened.
    await toast(page, 'Fehler: Der Speicher antwortet nicht.');
    expect(await reason.isVisible()).toBe(true);
    await documents(page).getByText('Startdokument: nicht vorhanden').waitFor();
  });
});
