/**
 * Fault tests on PostgreSQL: the API with `WORKER=off` and real `npm run worker` processes, killed
 * with SIGKILL while they work. They print their figures and run in the `server-pg` project only:
 * separate workers need a database server (the embedded database belongs to one process). Each
 * test has its own database, mail server and processes, so the two run side by side: most of
 * their time is waiting for a dead worker's heartbeat to go stale (decision 053), a short one
 * (decision 083).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test, type TestContext } from 'vitest';
import type { Database } from '../db/database.ts';
import { LocalFileStorage } from '../lib/storage/local-file-storage.ts';
import { deliveryFailureMessages } from '@lizenzportal/domain';
import { DocumentRepository } from '../modules/documents/repository.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  atFaultHeartbeat,
  FAULT_HEARTBEAT,
  mailsPerDelivery,
  PortalClient,
  startPortal,
  startWorker as startWorkerProcess,
  storedKeys,
  unreferencedKeys,
  waitFor,
} from '../test/fault.ts';
import type { PortalProcess } from '../test/process.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';

const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
const DOCUMENTS = 120;
const MAILS = 40;
/**
 * What the portal promises: the work of a dead worker resumes on another within two minutes (at
 * the default heartbeat; held at the tests' shorter one, 74 s).
 */
const RESUMED_WITHIN_MS = atFaultHeartbeat(120_000);
/**
 * How long a worker process may take to start and get going: on a loaded machine (CI runs every
 * test project at once on two cores) starting Node, npm and the queue takes seconds, not a minute.
 */
const UNDER_WAY_WITHIN_MS = 120_000;

interface Setup {
  database: Database;
  smtp: TestSmtpServer;
  dataDir: string;
  client: PortalClient;
  /** Starts `npm run worker` for this test (ended with it). */
  startWorker(): PortalProcess;
}

/**
 * A database of its own, a mail server and the API (`WORKER=off`) as a process; all of it, and
 * every worker the test starts, ends with the test (the context's hook: vitest does not know which
 * of two concurrent tests a global `onTestFinished` is called in).
 */
async function setUp(
  { onTestFinished }: TestContext,
  environment: Record<string, string> = {},
): Promise<Setup> {
  const processes: PortalProcess[] = [];
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-worker-crash-'));
  onTestFinished(async () => {
    await Promise.all(processes.map((portalProcess) => portalProcess.kill('SIGKILL')));
    await smtp.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const options = database.pool!.options as { connectionString: string };
  const shared = {
    DATABASE_URL: options.connectionString,
    WORKER: 'off',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    ...environment,
  };
  const portal = await startPortal(shared);
  processes.push(portal.process);
  const client = new PortalClient(portal.url);
  const startWorker = () => {
    const worker = startWorkerProcess(shared);
    processes.push(worker);
    return worker;
  };
  return { database, smtp, dataDir, client, startWorker };
}

interface ActiveJob {
  id: string;
  data: { deliveryId?: string };
}

async function activeJobs(database: Database): Promise<ActiveJob[]> {
  const { rows } = await sql<ActiveJob>`
    select id, data from pgboss.job where state = 'active'
  `.execute(database.db);
  return rows;
}

/** How many of these jobs have not reached their end (completed or, retries spent, failed). */
async function unfinishedJobs(database: Database, ids: string[]): Promise<number> {
  const { rows } = await sql<{ open: number }>`
    select count(*)::int as open from pgboss.job where id = any(${ids}::uuid[]) and completed_on is null
  `.execute(database.db);
  return rows[0]!.open;
}

async function documentsMade(database: Database): Promise<number> {
  const { rows } = await sql<{ made: number }>`
    select count(*)::int as made from license where starter_document is not null
  `.execute(database.db);
  return rows[0]!.made;
}

/** The key a stored file belongs to: itself, or the key an interrupted write (`.name.x.partial`) was for. */
function writtenKey(file: string): string {
  const partial = /^(.*\/)?\.(.+)\.[0-9a-f]+\.partial$/.exec(file);
  return partial ? `${partial[1] ?? ''}${partial[2]}` : file;
}

describe.concurrent('a worker killed while it works', () => {
  test.runIf(onPostgres)(
    'jobs of a killed worker resume on another within two minutes; nothing is done twice, nothing is left',
    async (context) => {
      const { database, smtp, dataDir, client, startWorker } = await setUp(context);
      // One delivery's attempt dies after the end of its message was sent: the server read it, and
      // has not answered.
      const [heldLicense, ...recipients] = await client.createLicenses(MAILS + 1, false);
      smtp.holding.set('held-data@example.com', 'data');
      const held = await client.sendStarterDocument(heldLicense!, 'held-data@example.com');
      await client.createLicenses(DOCUMENTS, true);
      const deliveries = [];
      for (const [index, license] of recipients.entries()) {
        deliveries.push(await client.sendStarterDocument(license, `kunde-${index}@example.com`));
      }
      const mails = () => mailsPerDelivery(smtp.received.map((mail) => mail.messageId));

      const started = Date.now();
      const first = startWorker();
      // Mid-work: some documents and mails done, the held one read by the server, most to do.
      await waitFor(
        async () =>
          mails().has(held._id) && smtp.received.length >= 4 && (await documentsMade(database)) >= 20,
        UNDER_WAY_WITHIN_MS,
        'the first worker under way',
      );
      await first.kill('SIGKILL');
      const killedAt = Date.now();
      // Read after the kill, with no worker running: exactly the jobs the dead worker held, and the
      // work it had done (nothing it did can be read as done by the second worker).
      const activeAtKill = await activeJobs(database);
      const [documentsBefore, mailsBefore] = [await documentsMade(database), smtp.received.length];

      const second = startWorker();
      // A job killed after its work committed but before pg-boss recorded it as done is run again
      // (and finds its work done): the work can be finished before all of the dead worker's jobs are.
      await waitFor(
        async () => {
          const current = await client.deliveries();
          return (
            current.every((delivery) => delivery.progress !== 'in-progress') &&
            (await documentsMade(database)) === DOCUMENTS + MAILS + 1 &&
            (await unfinishedJobs(
              database,
              activeAtKill.map((job) => job.id),
            )) === 0
          );
        },
        3 * 60_000,
        'the second worker finishing the work',
      );
      const finishedAt = Date.now();
      await second.kill('SIGTERM');

      const { rows: resumed } = await sql<{ completed: number | null }>`
        select extract(epoch from completed_on) * 1000 as completed
        from pgboss.job where id = any(${activeAtKill.map((job) => job.id)}::uuid[])
      `.execute(database.db);
      const slowestResumeMs = Math.max(...resumed.map((job) => (job.completed ?? Infinity) - killedAt));
      const [licenses, finalDeliveries] = [await client.licenses(), await client.deliveries()];
      const perDelivery = mails();
      const duplicates = [...perDelivery.values()].filter((count) => count > 1).length;
      const inDoubt = finalDeliveries.filter((delivery) =>
        delivery.error?.startsWith(deliveryFailureMessages.handoverInDoubt),
      );
      const filesRoot = path.join(dataDir, 'files');
      const leftOver = unreferencedKeys(storedKeys(filesRoot), licenses, finalDeliveries);
      const { rows: pending } = await sql<{ key: string }>`select key from pending_upload`.execute(
        database.db,
      );
      console.log(
        [
          `Worker killed on PostgreSQL: ${DOCUMENTS + MAILS + 1} documents and ${MAILS + 1} mails to make`,
          `  done before the kill: ${documentsBefore} documents, ${mailsBefore} mails (${killedAt - started} ms after the first worker started)`,
          `  done after the kill: ${DOCUMENTS + MAILS + 1 - documentsBefore} documents, ${smtp.received.length - mailsBefore} mails`,
          `  jobs the dead worker held: ${activeAtKill.length}; the last of them finished ${Math.round(slowestResumeMs)} ms after the kill`,
          `  all work finished ${finishedAt - killedAt} ms after the kill (${FAULT_HEARTBEAT})`,
          `  duplicate mails: ${duplicates}; handovers in doubt (failed visibly, not sent again): ${inDoubt.length}`,
          `  files no row refers to: ${leftOver.length}, all recorded as pending uploads (${pending.length}) for the sweep`,
        ].join('\n'),
      );

      expect(activeAtKill.length).toBeGreaterThan(1);
      expect(resumed.every((job) => job.completed !== null)).toBe(true);
      expect(slowestResumeMs).toBeLessThan(RESUMED_WITHIN_MS);
      expect(duplicates).toBe(0);
      for (const delivery of finalDeliveries.filter((current) => current._id !== held._id)) {
        // Completed with its one mail, or (killed right at its handover) failed in doubt.
        if (delivery.progress === 'completed') expect(perDelivery.get(delivery._id)).toBe(1);
        else expect(delivery.error).toContain(deliveryFailureMessages.handoverInDoubt);
      }
      expect(finalDeliveries.find((delivery) => delivery._id === held._id)).toMatchObject({
        progress: 'failed',
        error: expect.stringContaining(deliveryFailureMessages.handoverInDoubt),
      });
      expect(perDelivery.get(held._id)).toBe(1);
      expect(licenses.every((license) => license.starterDocument !== null)).toBe(true);

      // Files of killed generations (and their interrupted writes) are recorded; the sweep removes them.
      expect(pending.map((entry) => entry.key)).toEqual(expect.arrayContaining(leftOver.map(writtenKey)));
      await new DocumentRepository(database.db).sweepPendingUploads(0, (key) =>
        new LocalFileStorage(filesRoot).delete(key),
      );
      expect(unreferencedKeys(storedKeys(filesRoot), licenses, finalDeliveries)).toEqual([]);
    },
    8 * 60_000,
  );

  test.runIf(onPostgres)(
    'a delivery whose last attempt died with its worker is marked failed, visibly, and never sent',
    async (context) => {
      const { database, smtp, client, startWorker } = await setUp(context, { MAIL_RETRY_LIMIT: '0' });
      const [license] = await client.createLicenses(1, false);
      smtp.holding.set('held-recipient@example.com', 'recipient');
      const delivery = await client.sendStarterDocument(license!, 'held-recipient@example.com');
      const first = startWorker();
      await waitFor(
        async () => (await activeJobs(database)).some((job) => job.data.deliveryId === delivery._id),
        UNDER_WAY_WITHIN_MS,
        'the worker sending the delivery',
      );
      await first.kill('SIGKILL');
      const killedAt = Date.now();

      const second = startWorker();
      const failed = await waitFor(
        async () => {
          const current = (await client.deliveries()).find((found) => found._id === delivery._id);
          return current?.progress === 'failed' ? current : undefined;
        },
        RESUMED_WITHIN_MS,
        'the delivery marked failed',
      );
      console.log(
        `A delivery's last attempt killed: marked failed ${Date.now() - killedAt} ms after the kill (${FAULT_HEARTBEAT})`,
      );
      await second.kill('SIGTERM');
      expect(failed.error).toContain(deliveryFailureMessages.lastAttemptDied);
      expect(smtp.received).toEqual([]);
    },
    5 * 60_000,
  );
});
