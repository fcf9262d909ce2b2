import { sql } from 'kysely';
import type { TestServer } from '@lizenzportal/server/testing';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense, createOrderGeneration } from '@/test/seed';

const browser = setupBrowser();

/**
 * Order 4711 generated (the licenses given, personal ones of its one line), then refunded in the
 * shop: in full or in part, with the lines the shop's refunds endpoint named (`refundedLines`).
 */
async function refundedOrder(
  server: TestServer,
  licenses: number,
  full: boolean,
  options: { refundedLines?: number; purchaseType?: string } = {},
) {
  const made = [];
  for (let index = 0; index < licenses; index += 1) made.push(await createLicense(server));
  const generation = await createOrderGeneration(server);
  const lines =
    options.refundedLines === undefined
      ? {}
      : {
          lines: [
            {
              name: 'Persönliche Lizenz Version 9',
              sku: 'M9-PER',
              product: 'M9-PER',
              quantity: options.refundedLines,
              gross: options.refundedLines * 8000,
            },
          ],
        };
  const refunds = JSON.stringify([
    { id: 4790, reason: 'Widerruf', gross: 11_900, net: 10_000, at: '2026-11-20T09:30:00.000Z', ...lines },
  ]);
  const order = JSON.stringify({
    lines: [
      {
        id: 1,
        name: 'Persönliche Lizenz Version 9',
        sku: 'M9-PER',
        productId: 802,
        variationId: null,
        quantity: licenses,
      },
    ],
  });
  const ids = made.map((license) => license._id);
  await sql`update license set product_sku = 'M9-PER' where id = any(${ids}::uuid[])`.execute(
    server.database.db,
  );
  await sql`update order_generation set progress = 'completed', purchase_type = ${options.purchaseType ?? 'new'},
    licenses = ${ids}, shop_order = ${order}::jsonb, refunds = ${refunds}::jsonb, withdrawal = 'open',
    withdrawn_status = ${full ? 'refunded' : null}, withdrawn_at = ${full ? new Date() : null}
    where id = ${generation}`.execute(server.database.db);
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

  it('a partial refund with its lines: listed, and the licenses they paid for preselected', async () => {
    const { generation, licenses } = await refundedOrder(browser.server, 2, false, { refundedLines: 1 });
    const [withdrawn, kept] = licenses;
    const page = await browser.open(`/backend/order-generation/${generation}`, {
      token: await adminToken(browser.server),
    });
    await page.getByText('Erstattet: 1 × M9-PER, 80,00 €, am 20.11.26 10:30:00').waitFor();
    await page.getByRole('button', { name: 'Bestellung rückabwickeln' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestellung rückabwickeln' });
    const checkbox = (key: string) =>
      dialog.getByRole('checkbox', { name: `${key} wird deaktiviert (nicht gelöscht).` });
    await expect.poll(() => checkbox(withdrawn!.key).isChecked()).toBe(true);
    expect(await checkbox(kept!.key).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Rückabwickeln' }).click();
    await page.getByText(`Bestellung rückabgewickelt: ${withdrawn!.key} deaktiviert.`).waitFor();
    const status = async (id: string) =>
      (await browser.server.app.services.licenses.get(id, { type: 'admin' } as never)).status;
    expect(await status(withdrawn!._id)).toBe('disabled');
    expect(await status(kept!._id)).not.toBe('disabled');
  });

  it('the preview lists what cannot be undone automatically, and the toast leaves it to staff', async () => {
    // An update whose original has moved on since (it names another successor): not reactivated.
    const { generation, licenses } = await refundedOrder(browser.server, 2, true, {
      purchaseType: 'upgrade',
    });
    const [updated, original] = licenses;
    const other = await createLicense(browser.server);
    await sql`update license set status = 'disabled', updated_to_license = ${other._id}
      where id = ${original!._id}`.execute(browser.server.database.db);
    const page = await browser.open(`/backend/order-generation/${generation}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('button', { name: 'Bestellung rückabwickeln' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bestellung rückabwickeln' });
    await dialog.getByText(`${updated!.key} wird deaktiviert (nicht gelöscht).`).waitFor();
    const notAutomatic = dialog.getByRole('note', { name: 'Nicht automatisch rückgängig zu machen:' });
    await notAutomatic
      .getByText(
        `Die ursprüngliche Lizenz ${original!.key} verweist nicht mehr auf die neue Lizenz (seitdem geändert): nicht automatisch reaktiviert, bitte von Hand prüfen.`,
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Rückabwickeln' }).click();
    await page
      .getByText(`Bestellung rückabgewickelt: ${updated!.key} deaktiviert. 1 Lizenz bitte von Hand prüfen.`)
      .waitFor();
  });
});
