/**
 * The focus after an action (decision 010, `lib/focus-after-action.ts`): each button that gives way
 * when pressed — disabled, replaced or gone — is pressed by keyboard, and the focus must land on
 * what the user needs next, never on the page's body.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bindingMessages,
  DOWNLOAD_CARD_TITLES,
  formatLicenseKey,
  HOLDER_FORM_LABELS,
} from '@lizenzportal/domain';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

/** Focuses the button as Tab would and presses Enter. */
async function pressByKeyboard(button: Locator): Promise<void> {
  await button.focus();
  await button.page().keyboard.press('Enter');
}

/** Waits until this element has the focus; says what has it instead. */
async function expectFocusOn(target: Locator): Promise<void> {
  await target.waitFor();
  await expect
    .poll(async () =>
      (await target.evaluate((element) => element === document.activeElement))
        ? 'on the target'
        : await target
            .page()
            .evaluate(
              () =>
                `${document.activeElement?.tagName} „${document.activeElement?.textContent?.trim().slice(0, 60)}”`,
            ),
    )
    .toBe('on the target');
}

describe('the focus after an action', () => {
  it('„Verstanden” leaves it on the page heading', async () => {
    const page = await browser.open('/login', { cookieConsent: false });
    await pressByKeyboard(page.getByRole('button', { name: 'Verstanden' }));
    await expectFocusOn(page.getByRole('heading', { name: 'Anmeldung', level: 1 }));
  });

  it('„Lizenzdokument zusenden” leaves it on the confirmation, „Weitere Anfrage stellen” in the field', async () => {
    const page = await browser.open('/lizenz-wiederherstellen');
    await page.getByLabel('E-Mail', { exact: true }).fill('anna@example.com');
    await pressByKeyboard(page.getByRole('button', { name: 'Lizenzdokument zusenden' }));
    await expectFocusOn(page.getByRole('status').filter({ hasText: 'Anfrage erhalten' }));
    await pressByKeyboard(page.getByRole('button', { name: 'Weitere Anfrage stellen' }));
    await expectFocusOn(page.getByLabel('E-Mail', { exact: true }));
  });

  it('„Lizenz binden” leaves it on the panel that says what the bound license offers', async () => {
    const license = await createLicense(browser.server, { properties: { class: 'pro', size: 10 } });
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    const form = page.getByRole('form', { name: 'Lizenz binden' });
    await form.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill('Förderschule am Mühlbach');
    await form.getByLabel(HOLDER_FORM_LABELS.contact, { exact: false }).fill('Anna Beispiel');
    await form.getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true }).fill('anna@example.com');
    await form
      .getByLabel(HOLDER_FORM_LABELS.emailConfirmation, { exact: false })
      .pressSequentially('anna@example.com');
    await form.getByLabel(bindingMessages.authorizedLabel).check();
    await form.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
    await pressByKeyboard(form.getByRole('button', { name: bindingMessages.submit }));
    await expectFocusOn(page.getByRole('status').filter({ hasText: 'Ihre Lizenz ist gebunden' }));
  });

  it('„Weiter” on the terms and „Download-Link erzeugen” lead to the downloads and the link', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-focus-'));
    try {
      const file = path.join(files, 'software-9.zip');
      fs.writeFileSync(file, 'Version 9 Setup');
      await browser.server.app.services.releases.publish({ product: 'software-9', version: '9.2.0', file });
      const license = await bindLicense(browser.server, await createLicense(browser.server), {
        name: 'Anna Beispiel',
      });
      const page = await browser.open('/download', { token: await licenseToken(browser.server, license) });
      await page.getByRole('checkbox').check();
      await pressByKeyboard(page.getByRole('button', { name: 'Weiter' }));
      await expectFocusOn(page.getByRole('heading', { level: 2 }).first());

      await page.getByRole('button', { name: `${DOWNLOAD_CARD_TITLES.mainDownload} öffnen` }).click();
      const dialog = page.getByRole('dialog');
      await pressByKeyboard(dialog.getByRole('button', { name: 'Download-Link erzeugen' }));
      await expectFocusOn(dialog.getByRole('link', { name: 'Herunterladen' }));
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
  });

  it('„Filter anwenden” leaves it on the list it filtered', async () => {
    const wanted = await createLicense(browser.server);
    await createLicense(browser.server);
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByText('1–2 von 2', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Filter hinzufügen' }).click();
    await page.getByRole('textbox', { name: 'Filter 1: Wert', exact: true }).fill(wanted.key);
    await pressByKeyboard(page.getByRole('button', { name: 'Filter anwenden' }));
    await page.getByText('1–1 von 1', { exact: true }).waitFor();
    await expectFocusOn(page.getByRole('table'));
  });

  it("„Auswahl als CSV exportieren” returns it to the menu's button, disabled while the file came", async () => {
    const licenses = [await createLicense(browser.server), await createLicense(browser.server)];
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByText('1–2 von 2', { exact: true }).waitFor();
    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).check();
    for (const license of licenses) {
      await page.getByRole('checkbox', { name: `${formatLicenseKey(license.key)} auswählen` }).check();
    }
    const actions = page.getByRole('button', { name: 'Aktionen für 2 ausgewählte' });
    await pressByKeyboard(actions);
    await Promise.all([
      page.waitForEvent('download'),
      pressByKeyboard(page.getByRole('menuitem', { name: 'Auswahl als CSV exportieren' })),
    ]);
    await expectFocusOn(actions);
  });

  it('„Bearbeiten”, „Speichern”, „Änderungen verwerfen” and a document generation move it along', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open(`/backend/license/${license._id}`, {
      token: await adminToken(browser.server),
    });
    const edit = page.getByRole('button', { name: 'Bearbeiten' });
    await pressByKeyboard(edit);
    // The first field to edit: the status (key and ids before it are only copied).
    await expectFocusOn(page.getByRole('combobox', { name: 'Status', exact: true }));

    await page.getByRole('textbox', { name: 'Notizen', exact: true }).fill('Rückruf erbeten');
    await pressByKeyboard(page.getByRole('button', { name: 'Speichern' }));
    await page.getByText('Rückruf erbeten').waitFor();
    await expectFocusOn(edit);

    await pressByKeyboard(edit);
    await pressByKeyboard(page.getByRole('button', { name: 'Änderungen verwerfen' }));
    await expectFocusOn(edit);

    page.setDefaultTimeout(45_000);
    await pressByKeyboard(page.getByRole('button', { name: 'Startdokument: Jetzt generieren' }));
    await expectFocusOn(page.getByRole('button', { name: 'Startdokument öffnen' }));
  }, 120_000);
});
