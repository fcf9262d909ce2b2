import fs from 'node:fs';
import { importFieldTitle, licenseImportMessages, licenseImportPageMessages } from '@lizenzportal/domain';
import { lastHeartbeat, startedImportRun } from '@lizenzportal/server/testing';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken } from '@/test/seed';

const browser = setupBrowser({ WORKER: 'inline' });

/** An old system's export: the portal's titles but „Kunde” for the holder, an internal column, one bad row. */
const HEAD = [
  ...(['key', 'startCode', 'version', 'status', 'properties.class'] as const).map(importFieldTitle),
  'Kunde',
  'Intern',
];
const FILE = [
  HEAD.join(';'),
  'ABCD-EFGH-JKMN;123456;Version 8;Ungebunden;Einzellizenz;;x',
  'CDEF-GHJK-MNPQ;345678;Version 8;Ungebunden;Riesenlizenz;;x',
  'BCDE-FGHJ-KMNP;234567;Version 9;Gebunden;Mehrfachlizenz;Förderschule Am Park;x',
].join('\r\n');

const licenseKeys = async () =>
  (await browser.server.database.db.selectFrom('license').select('key').orderBy('key').execute()).map(
    (license) => license.key,
  );

describe('„Lizenzen importieren” /backend/license/import', () => {
  it('uploads, maps a column, shows the dry run, imports only the valid rows with a progress bar, and keeps the report', async () => {
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      // The upload and the run's polls take a moment, as over a real line: their progress shows.
      prepare: (opened) =>
        opened.route('**/api/v1/license-import-upload/**', async (route) => {
          if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 600));
          await route.continue();
        }),
    });
    await page.getByRole('link', { name: 'Lizenzen importieren' }).click();
    await page.getByRole('heading', { name: 'Lizenzen importieren', level: 1 }).waitFor();
    await page.getByText('Noch kein Import und kein Probelauf.').waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'altbestand.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page
      .getByRole('progressbar', { name: 'Fortschritt des Hochladens' })
      .waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: '2. Spalten zuordnen' }).waitFor();
    expect(new URL(page.url()).searchParams.get('upload')).toMatch(/^[0-9a-f-]{36}$/);

    // Titles the portal knows are mapped already; „Kunde” is mapped by the admin, by keyboard.
    expect(
      await page.getByRole('combobox', { name: 'Feld für die Spalte „Lizenzklasse”' }).inputValue(),
    ).toBe('properties.class');
    const customer = page.getByRole('combobox', { name: 'Feld für die Spalte „Kunde”' });
    expect(await customer.inputValue()).toBe('');
    await customer.selectOption({ label: importFieldTitle('holder.name') });
    await page.getByText('Erst der Probelauf mit dieser Zuordnung, dann der Import.').waitFor();
    expect(await page.getByRole('button', { name: 'Import ausführen' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Probelauf starten' }).click();
    await page.getByRole('progressbar', { name: 'Fortschritt des Laufs' }).waitFor({ state: 'attached' });
    await page
      .getByRole('heading', { name: 'Bericht des Probelaufs: Nicht importiert (fehlerhafte Zeilen)' })
      .waitFor();
    const findings = page.getByRole('table', { name: 'Befunde des Laufs' });
    await findings
      .getByRole('row', { name: /Zeile 3, Spalte „Lizenzklasse” Fehler Unbekannter Wert „Riesenlizenz”/ })
      .waitFor();
    const counts = page.getByRole('list', { name: 'Ergebnis in Zahlen' });
    expect(await counts.innerText()).toMatch(
      /2 neu\s+0 unverändert\s+0 abweichend\s+1 Fehler\s+3 Zeilen gelesen/,
    );
    expect(await licenseKeys()).toEqual([]);

    // With an error, the import waits for the explicit choice: pressing it before does nothing.
    const importButton = page.getByRole('button', { name: 'Import ausführen' });
    expect(await importButton.getAttribute('aria-disabled')).toBe('true');
    await importButton.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText('Die Datei hat fehlerhafte Zeilen: bitte „Nur gültige Zeilen importieren” wählen')
      .waitFor();
    expect(await page.getByRole('progressbar', { name: 'Fortschritt des Laufs' }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Nur gültige Zeilen importieren' }).check();
    expect(await importButton.getAttribute('aria-disabled')).toBe('false');
    await importButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('progressbar', { name: 'Fortschritt des Laufs' }).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Bericht des Imports: Import abgeschlossen' }).waitFor();
    await page.getByText('2 Lizenzen importiert.').waitFor();
    // The file is removed after its import, as it should be: no „upload again” after a success.
    expect(await page.getByText('Die Datei ist nicht mehr gespeichert').count()).toBe(0);
    expect(await licenseKeys()).toEqual(['ABCDEFGHJKMN', 'BCDEFGHJKMNP']);
    const bound = await browser.server.database.db
      .selectFrom('license')
      .select(['holder_name', 'authentication_code'])
      .where('key', '=', 'BCDEFGHJKMNP')
      .executeTakeFirstOrThrow();
    expect(bound).toEqual({
      holder_name: 'Förderschule Am Park',
      authentication_code: 'Förderschule Am Park',
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Bericht herunterladen (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Importbericht altbestand.csv.csv');
    const report = fs.readFileSync((await download.path())!, 'utf8');
    expect(report).toMatch(
      /^\uFEFFZeile;Spalte;Art;Meldung\r\n3;Lizenzklasse;Fehler;Unbekannter Wert „Riesenlizenz”/,
    );

    const runs = page.getByRole('table', { name: 'Bisherige Läufe' });
    await runs
      .getByRole('row', { name: /Import \(nur gültige Zeilen\) Import abgeschlossen 2 \/ 0 \/ 0 \/ 1/ })
      .waitFor();
    await runs
      .getByRole('row', { name: /Probelauf Nicht importiert \(fehlerhafte Zeilen\) 2 \/ 0 \/ 0 \/ 1/ })
      .waitFor();
    expect(await runs.getByRole('button', { name: /^Bericht für altbestand\.csv vom / }).count()).toBe(2);
  });

  it('shows a command-line run whose process ended as failed, with the reason', async () => {
    const { db } = browser.server.database;
    const run = await startedImportRun(db, 'altsystem.csv', {
      actor: licenseImportMessages.cliActor('verwaltung'),
    });
    // Its process was killed ten minutes ago: the heartbeat stopped then.
    await lastHeartbeat(db, run, 600);
    const page = await browser.open('/backend/license/import', { token: await adminToken(browser.server) });
    const runs = page.getByRole('table', { name: 'Bisherige Läufe' });
    const row = runs.getByRole('row', { name: /altsystem\.csv/ });
    await row.getByText(licenseImportPageMessages.runFailed(licenseImportMessages.abandoned)).waitFor();
    await row
      .getByRole('cell', { name: /^Fehlgeschlagen Der Lauf ist fehlgeschlagen: abgebrochen/ })
      .waitFor();
  });
});
