import {
  bindingMessages,
  DOWNLOAD_CARD_TITLES,
  downloadMessages,
  formatLicenseKey,
  HOLDER_FORM_LABELS,
  normalizeLicenseKey,
} from '@lizenzportal/domain';
import {
  DownloadRepository,
  eventually,
  outboxMails,
  seedDemoData,
  seedDemoReleases,
} from '@lizenzportal/server/testing';
import fs from 'node:fs';
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';

// With the job worker, so the binding's license document is made and mailed (to the outbox).
const browser = setupBrowser({ WORKER: 'inline' });

const HOLDER = 'Förderschule am Mühlbach';
const EMAIL = 'sekretariat@foerderschule.example';
/** What an unfinished page would show, in German or English. */
const PLACEHOLDERS = /in Kürze|demnächst|Platzhalter|Lorem ipsum|TODO|coming soon|\bTBD\b/i;
/** English UI words that a German page must not show. */
const ENGLISH = /\b(Loading|Submit|Cancel|Sign (in|out)|Error|Please|Continue|Close)\b/;

/** The page speaks German and nothing on it is a placeholder. */
async function expectFinishedGermanPage(page: Page) {
  expect(await page.locator('html').getAttribute('lang')).toBe('de');
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(PLACEHOLDERS);
  expect(text).not.toMatch(ENGLISH);
}

async function signIn(page: Page, key: string, code: { label: string; hint: string; value: string }) {
  await page.getByLabel('Lizenzschlüssel', { exact: true }).fill(key);
  await page.getByText(code.hint).waitFor();
  await expectFinishedGermanPage(page);
  await page.getByLabel(code.label, { exact: true }).fill(code.value);
  await page.getByRole('button', { name: 'Weiter' }).click();
}

it('a newcomer signs in with a demo start code, binds, gets the mail, signs in by name and downloads', async () => {
  const { app, config } = browser.server;
  // The demo data a fresh portal prints on its first start, and its sample product files.
  const overview = await seedDemoData({
    db: app.services.database.db,
    licenses: app.services.licenses,
    admins: app.services.admins,
    documents: app.services.documents.documents,
  });
  await seedDemoReleases(app.services.releases);
  const [, key, startCode] =
    /^\s+(\S+)\s+Startcode (\d{3} \d{3})\s+v9 Pro, 10 Plätze, Download, ungebunden$/m.exec(overview!)!;

  const page = await browser.open('/login', {
    // Links carry PUBLIC_URL; the test server listens on a port of its own.
    prepare: (opened) =>
      opened.route(`${config.publicUrl}/api/**`, (route) =>
        route.continue({ url: route.request().url().replace(config.publicUrl, browser.server.url) }),
      ),
  });
  await signIn(page, key!, {
    label: 'Startcode',
    hint: 'Diese Lizenz ist noch nicht gebunden',
    value: startCode!,
  });

  // Binding: a pro license belongs to an organization.
  const form = page.getByRole('form', { name: 'Lizenz binden' });
  await form.getByText(bindingMessages.forcedOrganization).waitFor();
  await expectFinishedGermanPage(page);
  await form.getByLabel(HOLDER_FORM_LABELS.name, { exact: false }).fill(HOLDER);
  await form.getByLabel(HOLDER_FORM_LABELS.contact, { exact: false }).fill('Zoë Łukasiewicz');
  await form.getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true }).fill(EMAIL);
  await form.getByLabel(HOLDER_FORM_LABELS.emailConfirmation, { exact: false }).pressSequentially(EMAIL);
  await form.getByLabel(bindingMessages.authorizedLabel).check();
  await form.getByLabel(bindingMessages.privacyLabel, { exact: false }).check();
  await form.getByRole('button', { name: bindingMessages.submit }).click();
  await page.getByText('Ihre Lizenz ist gebunden').waitFor();
  await expectFinishedGermanPage(page);

  // The binding mail with the license document lands in the outbox.
  const mail = await eventually(
    async () =>
      (await outboxMails(config.mail.outboxDir)).find((sent) =>
        sent.subject?.startsWith('Ihre Lizenz ist gebunden'),
      ),
    25_000,
  );
  expect(mail.to).toMatchObject({ value: [{ address: EMAIL }] });
  expect(mail.text).toContain(`Lizenznehmer: ${HOLDER}`);
  expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
    `Lizenzdokument_${formatLicenseKey(key!)}.pdf`,
  ]);
  expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

  // Signed out, the exact holder name signs in again.
  await page.getByRole('button', { name: `${HOLDER} abmelden` }).click();
  await waitForPath(page, '/login');
  await signIn(page, key!, {
    label: 'Name des Lizenznehmers',
    hint: 'Diese Lizenz ist gebunden',
    value: HOLDER,
  });
  await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  await expectFinishedGermanPage(page);

  // The download area: the terms first, then a link for the sample installer.
  await page.getByRole('link', { name: 'Download', exact: true }).click();
  await page.getByRole('checkbox').check();
  await expectFinishedGermanPage(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await waitForPath(page, '/download', '?didAcceptTerms=true');
  await expectFinishedGermanPage(page);
  await page.getByRole('button', { name: `${DOWNLOAD_CARD_TITLES.mainDownload} öffnen` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: downloadMessages.generateLink }).click();
  await expectFinishedGermanPage(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: downloadMessages.download }).click(),
  ]);
  const release = (await app.services.releases.latest('software-9', null))!;
  const sample = await buffer((await app.services.storage.get(release.file_key)).stream);
  expect(fs.readFileSync((await download.path())!).equals(sample)).toBe(true);
  expect(download.suggestedFilename()).toBe(release.file_name);

  const { id } = await browser.server.database.db
    .selectFrom('license')
    .select('id')
    .where('key', '=', normalizeLicenseKey(key!))
    .executeTakeFirstOrThrow();
  const [record] = await eventually(async () => {
    const rows = await new DownloadRepository(browser.server.database.db).ofLicense(id);
    return rows[0]?.completed_at ? rows : undefined;
  });
  expect(record).toMatchObject({
    product: 'software-9',
    version: release.version,
    bytes_sent: sample.length,
  });
}, 120_000);
