import { sql } from 'kysely';
import type { TestServer } from '@lizenzportal/server/testing';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense, createOrderGeneration } from '@/test/seed';

const browser = setupBrowser();

/** Order 4711 generated (the licenses given), then refunded in the shop: in full or in part. */
async function refundedOrder(server: TestServer, licenses: number, full: boolean) {
  const made = [];
  for (let index = 0; index < licenses; index += 1) made.push(await createLicense(server));
  const generation = await createOrderGeneration(server);
  const refunds = JSON.stringify([
    { id: 4790, reason: 'Widerruf', gross: 11_900, net: 10_000, at: new Date().toISOString() },
  ]);
  const ids = made.map((license) => license._id);
  await sql`update order_generation set progress = 'completed', purchase_type = 'new', licenses = ${ids},
    refunds = ${refunds}::jsonb, withdrawal = 'open', withdrawn_status = ${full ? 'refunded' : null},
    withdrawn_at = ${full ? new Date() : null} where id = ${generation}`.execute(server.database.db);
  return { generation, licenses: made };
}

describe('„Bestellung rückabwickeln” on the order generation', { timeout: 120_000 }, () => {
  it('lists what will happen, undoes on confirmation, says what changed, and the attention item is gone', async () => {
    const { generation, licenses } = await refundedOrder(browser.server, 1, true);
    const [license] = licenses;
    const token = await adminToken(browser.server);
    const overview = await browser.open('/backend', { token });
    await overview.getByRole('link', { name: '1 erstattete Bestellung mit aktiven Lizenzen' }).waitFor();

    const page = await browser.open(`/backend/order-generation/${generation}`, { token });
    const button = page.getByRole('button', { name: 'Bestellung rückabwickeln' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Bestellung rückabwickeln' });
    await dialog.getByText(`${license!.key} wird deaktiviert (nicht gelöscht).`).waitFor();
    // The preview changed nothing.
    expect((await browser.server.app.services.orderGenerations.get(generation)).withdrawal).toBe('open');

    // Cancel: nothing happens, the focus is back on the button.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Rückabwickeln' }).click();
    await page.getByText(`Bestellung rückabgewickelt: ${license!.key} deaktiviert.`).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByText('Rückabgewickelt', { exact: true }).first().waitFor();
    const disabled = await browser.server.app.services.licenses.get(license!._id, { type: 'admin' } as never);
    expect(disabled.status).toBe('disabled');

    await overview.reload();
    await overview.getByRole('heading', { name: 'Braucht Aufmerksamkeit' }).waitFor();
    await overview.getByText('Alles in Ordnung').waitFor();
  });

  it('a partial refund: staff pick the licenses, only those are undone', async () => {
    const { generation, licenses } = await refundedOrder(browser.server, 2, false);
    const [kept, withdrawn] = licenses;
    const page = await browser.open(`/backend/order-generation/${generation}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('button', { name: 'Bestellung rückabwickeln' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestellung rückabwickeln' });
    await dialog.getByRole('button', { name: 'Rückabwickeln' }).click();
    await dialog.getByText('Bitte mindestens eine Lizenz wählen.').waitFor();
    await dialog
      .getByRole('checkbox', { name: `${withdrawn!.key} wird deaktiviert (nicht gelöscht).` })
      .check();
    await dialog.getByRole('button', { name: 'Rückabwickeln' }).click();
    await page.getByText(`Bestellung rückabgewickelt: ${withdrawn!.key} deaktiviert.`).waitFor();
    const status = async (id: string) =>
      (await browser.server.app.services.licenses.get(id, { type: 'admin' } as never)).status;
    expect(await status(withdrawn!._id)).toBe('disabled');
    expect(await status(kept!._id)).not.toBe('disabled');
  });
});
