/**
 * Fault test on the embedded database: the portal process with its inline worker, killed with
 * SIGKILL mid-batch and started again on the same data directory. Prints its figures; runs in the
 * `server` (PGlite) project only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { LocalFileStorage } from '../lib/storage/local-file-storage.ts';
import { deliveryFailureMessages } from '@lizenzportal/domain';
import { DocumentRepository } from '../modules/documents/repository.ts';
import {
  mailsPerDelivery,
  PortalClient,
  startPortal,
  storedKeys,
  unreferencedKeys,
  waitFor,
} from '../test/fault.ts';
import { killPortalProcesses } from '../test/process.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';

const onPglite = process.env['TEST_DB_BACKEND'] !== 'postgres';
const DOCUMENTS = 80;
const MAILS = 20;

let smtp: TestSmtpServer;
let dataDir: string;

beforeAll(async () => {
  if (!onPglite) return;
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-portal-crash-'));
});

afterAll(async () => {
  if (!onPglite) return;
  await killPortalProcesses();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.runIf(onPglite)(
  'the portal killed mid-batch and started again on its data directory finishes every job once',
  async () => {
    const environment = { DATA_DIR: dataDir, SMTP_URL: smtp.url };
    const first = await startPortal(environment);
    const client = new PortalClient(first.url);
    const recipients = await client.createLicenses(MAILS, false);
    await client.createLicenses(DOCUMENTS, true);
    const deliveries = [];
    for (const [index, license] of recipients.entries()) {
      deliveries.push(await client.sendStarterDocument(license, `kunde-${index}@example.com`));
    }
    const documentsMade = async (portal: PortalClient) =>
      (await portal.licenses()).filter((license) => license.starterDocument !== null).length;

    // Generous: on a loaded machine (CI runs every test project at once on two cores) the work is slow.
    await waitFor(
      async () => smtp.received.length >= 3 && (await documentsMade(client)) >= 15,
      120_000,
      'the portal under way',
    );
    const [documentsBefore, mailsBefore] = [await documentsMade(client), smtp.received.length];
    await first.process.kill('SIGKILL');
    const killedAt = Date.now();

    const second = await startPortal(environment);
    const restartedAt = Date.now();
    const restarted = new PortalClient(second.url);
    await waitFor(
      async () =>
        (await restarted.deliveries()).every((delivery) => delivery.progress !== 'in-progress') &&
        (await documentsMade(restarted)) === DOCUMENTS + MAILS,
      3 * 60_000,
      'the restarted portal finishing the work',
    );
    const finishedAt = Date.now();
    const [licenses, finalDeliveries] = [await restarted.licenses(), await restarted.deliveries()];
    await second.process.kill('SIGTERM');

    // The portal is stopped: its database and files can be looked at directly.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      // Jobs due by now: the daily retention run waits queued for its night (decision 064).
      const { rows: jobs } = await sql<{ state: string; jobs: number }>`
        select state, count(*)::int as jobs from pgboss.job where start_after <= now() group by state
      `.execute(database.db);
      const { rows: pending } = await sql<{ key: string }>`select key from pending_upload`.execute(
        database.db,
      );
      const filesRoot = path.join(dataDir, 'files');
      const leftOver = unreferencedKeys(storedKeys(filesRoot), licenses, finalDeliveries);
      const mails = mailsPerDelivery(smtp.received.map((mail) => mail.messageId));
      const duplicates = [...mails.values()].filter((count) => count > 1).length;
      const inDoubt = finalDeliveries.filter((delivery) =>
        delivery.error?.startsWith(deliveryFailureMessages.handoverInDoubt),
      );
      console.log(
        [
          `Portal (PGlite, inline worker) killed: ${DOCUMENTS + MAILS} documents and ${MAILS} mails to make`,
          `  done before the kill: ${documentsBefore} documents, ${mailsBefore} mails`,
          `  done after the restart: ${DOCUMENTS + MAILS - documentsBefore} documents, ${smtp.received.length - mailsBefore} mails`,
          `  restarted ${restartedAt - killedAt} ms after the kill; all work finished ${finishedAt - restartedAt} ms after the restart`,
          `  jobs by state: ${jobs.map((row) => `${row.state} ${row.jobs}`).join(', ')}`,
          `  duplicate mails: ${duplicates}; handovers in doubt (failed visibly, not sent again): ${inDoubt.length}`,
          `  files no row refers to: ${leftOver.length}, recorded as pending uploads: ${pending.length}`,
        ].join('\n'),
      );

      expect(jobs.every((row) => row.state === 'completed')).toBe(true);
      expect(duplicates).toBe(0);
      for (const delivery of finalDeliveries) {
        if (delivery.progress === 'completed') expect(mails.get(delivery._id)).toBe(1);
        else expect(delivery.error).toContain(deliveryFailureMessages.handoverInDoubt);
      }
      expect(licenses.every((license) => license.starterDocument !== null)).toBe(true);
      expect(pending.map((entry) => entry.key)).toEqual(
        expect.arrayContaining(
          leftOver.map((key) => key.replace(/(^|\/)\.(.+)\.[0-9a-f]+\.partial$/, '$1$2')),
        ),
      );
      await new DocumentRepository(database.db).sweepPendingUploads(0, (key) =>
        new LocalFileStorage(filesRoot).delete(key),
      );
      expect(unreferencedKeys(storedKeys(filesRoot), licenses, finalDeliveries)).toEqual([]);
    } finally {
      await database.close();
    }
  },
  8 * 60_000,
);
