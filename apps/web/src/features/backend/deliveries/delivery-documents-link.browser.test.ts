import fs from 'node:fs';
import { deliveryLinkMessages } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createDelivery } from '@/test/seed';

// A limit no document fits under: every delivery mails the link to its ZIP (decision 070).
const browser = setupBrowser({ DELIVERY_ATTACHMENT_LIMIT_MB: '0.001' });

describe('a delivery mailed as a link to the ZIP of its documents', () => {
  it('shows the same link in the back office, which downloads the ZIP, and says when it ran out', async () => {
    const server = browser.server;
    const { delivery } = await createDelivery(server);
    // The test server works no jobs: the delivery's job, run here.
    await server.app.services.deliveries.send(delivery._id);
    const sent = await server.app.services.deliveries.get(delivery._id);
    expect(sent.documentsLink).not.toBeNull();

    const token = await adminToken(server);
    const page = await browser.open(`/backend/delivery/${delivery._id}`, {
      token,
      // Links carry PUBLIC_URL; the test server listens on a port of its own.
      prepare: (opened) =>
        opened.route(`${server.config.publicUrl}/api/**`, (route) =>
          route.continue({ url: route.request().url().replace(server.config.publicUrl, server.url) }),
        ),
    });
    await page.getByText(deliveryLinkMessages.sentAsLink).waitFor();
    const link = page.getByRole('link', { name: deliveryLinkMessages.label });
    expect(await link.getAttribute('href')).toBe(sent.documentsLink!.url);
    // The mail as shown carries the same link.
    const mail = page.frameLocator('iframe[title="Inhalt der E-Mail"]');
    expect(
      await mail.getByRole('link', { name: 'Dokumente als ZIP-Archiv herunterladen' }).getAttribute('href'),
    ).toBe(sent.documentsLink!.url);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toMatch(/^\d{4}-\d\d-\d\d_Dokumente\.zip$/);
    // A ZIP's local file header.
    expect(fs.readFileSync(await file.path()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    await server.database.db
      .updateTable('delivery')
      .set({ documents_link_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', delivery._id)
      .execute();
    await page.reload();
    await page.getByText(deliveryLinkMessages.sentAsLink).waitFor();
    await page.getByText(/^Abgelaufen am \d\d\.\d\d\.\d\d \d\d:\d\d Uhr/).waitFor();
    expect(await page.getByRole('link', { name: deliveryLinkMessages.label }).count()).toBe(0);
  });
});
