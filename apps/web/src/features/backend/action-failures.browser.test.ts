import { backOfficeMessages, CLOSE_NOTIFICATION_LABEL, createLicensesMessages } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorEnvelope } from '@/test/page';
import { adminToken, bindLicense, createLicense, createOrderGeneration } from '@/test/seed';

const browser = setupBrowser();

const REFUSAL = 'Der Dienst ist gerade nicht erreichbar.';

/** Every answer of these calls fails: the toast and the page say so. */
const failing = (pattern: string) => (page: Page) =>
  page.route(pattern, (route) =>
    route.request().method() === 'POST'
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
    const license = await bindLicense(server, await createLicense(server), { name: 'Praxis Lindenhof' });
    const delivery = await server.app.services.deliveries.create({
      occasion: 'order',
      documentType: 'license',
      licenseIds: [license._id],
      recipient: 'praxis@example.com',
      recipientName: 'Praxis Lindenhof',
    });
    const generationId = await createOrderGeneration(server);
    await server.app.services.orderGenerations.repository.fail(generationId, 'Shop nicht erreichbar');

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
});
