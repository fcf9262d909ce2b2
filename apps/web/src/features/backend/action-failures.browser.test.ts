import {
  backOfficeMessages,
  CLOSE_NOTIFICATION_LABEL,
  createLicensesMessages,
  deliveryPageMessages,
  licenseToolbarMessages,
} from '@lizenzportal/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorEnvelope } from '@/test/page';
import { adminToken, createDelivery, createLicense, createOrderGeneration } from '@/test/seed';
import { OrderGenerationRepository } from '@lizenzportal/server/testing';

const browser = setupBrowser();

const REFUSAL = 'Der Dienst ist gerade nicht erreichbar.';

/** Every answer of these calls (of this method) fails: the toast and the page say so. */
const failing =
  (pattern: string, method = 'POST') =>
  (page: Page) =>
    page.route(pattern, (route) =>
      route.request().method() === method
        ? route.fulfill(errorEnvelope(503, 'SERVICE_UNAVAILABLE', REFUSAL))
        : route.fallback(),
    );

/** The toast saying `text` (it has a close button), and the alert beside the button (it has none). */
const toast = (page: Page, text: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: text })
    .filter({ has: page.getByRole('button', { name: CLOSE_NOTIFICATION_LABEL }) });
const inline = (page: Page, text: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: text })
    .filter({ hasNot: page.getByRole('button', { name: CLOSE_NOTIFICATION_LABEL }) });

describe('a failed back-office action stays where it happened (toasts go after five seconds)', () => {
  it('says so beside „Erneut senden”, „Erneut versuchen” and „Anlegen” after the toast went, until the next try', async () => {
    const server = browser.server;
    const token = await adminToken(server);
    const { delivery } = await createDelivery(server);
    const generationId = await createOrderGeneration(server);
    await new OrderGenerationRepository(server.database.db).fail(generationId, 'Shop nicht erreichbar');

    const failed = backOfficeMessages.failed(REFUSAL);
    const resend = await browser.open(`/backend/delivery/${delivery._id}`, {
      token,
      prepare: failing('**/api/v1/delivery/*'),
    });
    await resend.getByRole('button', { name: 'Erneut senden' }).click();
    await toast(resend, failed).waitFor();
    await inline(resend, failed).waitFor();
    const retry = await browser.open(`/backend/order-generation/${generationId}`, {
      token,
      prepare: failing('**/api/v1/order-generation/*/retry'),
    });
    await retry.getByRole('button', { name: 'Erneut versuchen' }).click();
    await toast(retry, failed).waitFor();
    await inline(retry, failed).waitFor();
    const create = await browser.open('/backend/license/create', {
      token,
      prepare: failing('**/api/v1/license'),
    });
    await create.getByRole('button', { name: createLicensesMessages.create }).click();
    // The form says so itself, without a toast.
    await inline(create, REFUSAL).waitFor();

    await create.waitForTimeout(6000);
    // The toasts went; each page still says what failed, as an alert beside its button.
    for (const page of [resend, retry]) {
      await toast(page, failed).waitFor({ state: 'detached' });
      expect(await inline(page, failed).count()).toBe(1);
    }
    expect(await inline(create, REFUSAL).count()).toBe(1);

    // Trying again clears it.
    await resend.unrouteAll();
    await resend.getByRole('button', { name: 'Erneut senden' }).click();
    await resend.getByText('Erneut gesendet', { exact: true }).first().waitFor();
    await resend.waitForURL((url) => !url.pathname.endsWith(delivery._id));
    expect(await resend.getByText(failed).count()).toBe(0);
    // Three pages and the toasts' five seconds.
  }, 90_000);

  it("says so beside a delivery's „Dokument 1 öffnen” after the toast went, until the document opens", async () => {
    const server = browser.server;
    const { delivery } = await createDelivery(server);
    const documentKey = `deliveries/${delivery._id}/Lizenzdokument.pdf`;
    await server.app.services.storage.put(documentKey, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    await server.database.db
      .updateTable('delivery')
      .set({ documents: [documentKey] })
      .where('id', '=', delivery._id)
      .execute();

    const failed = backOfficeMessages.failed(REFUSAL);
    const page = await browser.open(`/backend/delivery/${delivery._id}`, {
      token: await adminToken(server),
      prepare: failing('**/api/v1/document/url'),
    });
    const open = page.getByRole('button', { name: deliveryPageMessages.openDocument(1) });
    await open.click();
    await toast(page, failed).waitFor();
    // The reason takes the focus the pressed button had (decision 043).
    await expectFocused(inline(page, failed));

    await stillSaidAfterTheToast(page, failed);
    await page.unrouteAll();
    // The signed link names the test server's public address, where nothing listens.
    await page
      .context()
      .route('**/api/v1/document/file?*', (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'PDF' }),
      );
    const [opened] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    expect(new URL(opened.url()).searchParams.get('name')).toBe('Lizenzdokument.pdf');
    await inline(page, failed).waitFor({ state: 'detached' });
    // The button, disabled while it asked for the link, has the focus again.
    await expectFocused(open);
  }, 60_000);

  it('says so beside „Liste als CSV exportieren” after the toast went, until the next download', async () => {
    await createLicense(browser.server);
    const failed = backOfficeMessages.failed(REFUSAL);
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: failing('**/api/v1/license-export?*', 'GET'),
    });
    await page.getByText('1–1 von 1', { exact: true }).waitFor();
    const exportList = page.getByRole('button', { name: licenseToolbarMessages.exportList });
    await exportList.click();
    await toast(page, failed).waitFor();
    // The button was disabled while it ran: the reason has the focus.
    await expectFocused(inline(page, failed));

    await stillSaidAfterTheToast(page, failed);
    await page.unrouteAll();
    const [file] = await Promise.all([page.waitForEvent('download'), exportList.click()]);
    expect(file.suggestedFilename()).toMatch(/_Lizenzen\.csv$/);
    await inline(page, failed).waitFor({ state: 'detached' });
    await expectFocused(exportList);
  }, 60_000);
});

/** Five seconds on, the toast went and the page still says what failed, once. */
async function stillSaidAfterTheToast(page: Page, text: string): Promise<void> {
  await page.waitForTimeout(6000);
  await toast(page, text).waitFor({ state: 'detached' });
  expect(await inline(page, text).count()).toBe(1);
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element === document.activeElement)).toBe(true);
}
