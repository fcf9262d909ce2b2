import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { testConfig, useTestApp } from '../test/app.ts';
import { testLogger } from '../test/error-logs.ts';
import { eventually } from '../test/smtp.ts';
import { notPrivateUnder } from '../test/file-modes.ts';
import { withDatabase } from '../test/template.ts';
import { BackupError } from './backup-error.ts';
import { createBackup } from './create-backup.ts';
import { listenForBackups } from './pglite-dump.ts';
import { restoreBackup } from './restore-backup.ts';

const JWT_SECRET = 'x'.repeat(48);
const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
const ctx = useTestApp({ WORKER: 'inline' });
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// The most permissive umask for the whole file: what the portal writes is private by its own modes.
let umask: number;
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(() => {
  process.umask(umask);
});

beforeAll(async () => {
  if (onPostgres) return;
  // The embedded database belongs to the portal's process: a backup asks it through its socket.
  const server = await listenForBackups(ctx.database.pglite!, ctx.config.dataDir, ctx.app.log);
  cleanups.push(() => server.close());
});

function emptyDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-restore-'));
  cleanups.push(() => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** The test database's URL (PostgreSQL project). */
function runningDatabaseUrl(): string {
  return (ctx.database.pool!.options as { connectionString: string }).connectionString;
}

/** A new database without tables on the test server (PostgreSQL project). */
async function emptyPostgresDatabase(): Promise<string> {
  const serverUrl = process.env['TEST_DATABASE_URL']!;
  const name = `lizenzportal_restore_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database "${name}"`);
  cleanups.push(() => run(`drop database if exists "${name}" with (force)`));
  return withDatabase(serverUrl, name);
}

/** The configuration of the running portal: its DATA_DIR, and its database. */
function portalConfig(): Config {
  return onPostgres ? { ...ctx.config, databaseUrl: runningDatabaseUrl() } : ctx.config;
}

/** A configuration of an empty place to restore into. */
async function emptyPlace(): Promise<Config> {
  return testConfig({
    DATA_DIR: emptyDirectory(),
    ...(onPostgres ? { DATABASE_URL: await emptyPostgresDatabase() } : {}),
  });
}

/** Starts the portal on restored data, as `npm start` would. */
async function startOn(config: Config): Promise<FastifyInstance> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, database, jwtSecret: JWT_SECRET, logger: testLogger() });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

async function starterDocument(app: FastifyInstance, licenseId: string, headers: Record<string, string>) {
  const { url } = (
    await app.inject({ method: 'GET', url: `/api/v1/license/${licenseId}/starter-document-url`, headers })
  ).json().data;
  const served = await app.inject({
    method: 'GET',
    url: new URL(url as string).pathname + new URL(url as string).search,
  });
  expect(served.statusCode).toBe(200);
  return served.rawPayload;
}

test('a backup of the running portal restores into an empty place: sign-in and document download work there', async () => {
  const license = await ctx.createLicense({ generateStarterDocument: true });
  const headers = await ctx.adminHeaders();
  await eventually(async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers });
    return response.json().data.license.starterDocument ?? undefined;
  }, 60_000);
  const original = await starterDocument(ctx.app, license._id, headers);

  const archive = path.join(emptyDirectory(), 'lizenzportal.zip');
  const backup = await createBackup(portalConfig(), archive);
  expect(backup.manifest.database).toBe(onPostgres ? 'postgres' : 'pglite');
  expect(backup.files).toBeGreaterThanOrEqual(1);
  expect(fs.readdirSync(path.dirname(archive))).toEqual(['lizenzportal.zip']);

  // One stray file in DATA_DIR is enough to refuse, and it is left as it was.
  const stray = await emptyPlace();
  fs.writeFileSync(path.join(stray.dataDir, 'notes.txt'), 'mine');
  await expect(restoreBackup(stray, archive)).rejects.toThrow(
    new BackupError(
      `${stray.dataDir} is not empty. A backup is restored only into an empty directory: point DATA_DIR at a new one, or move this one away.`,
    ),
  );
  expect(fs.readdirSync(stray.dataDir)).toEqual(['notes.txt']);
  expect(fs.readFileSync(path.join(stray.dataDir, 'notes.txt'), 'utf8')).toBe('mine');

  const place = await emptyPlace();
  const restored = await restoreBackup(place, archive);
  expect(restored.files).toBe(backup.files);
  const app = await startOn(place);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.startCode },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const holder = { authorization: `Bearer ${signIn.json().data.token}` };
  expect(await starterDocument(app, license._id, holder)).toEqual(original);

  // Restoring again over what is there now is refused, and changes nothing.
  const before = fs.readdirSync(place.dataDir).sort();
  await expect(restoreBackup(place, archive)).rejects.toThrow(
    new BackupError(
      `${place.dataDir} is not empty. A backup is restored only into an empty directory: point DATA_DIR at a new one, or move this one away.`,
    ),
  );
  expect(fs.readdirSync(place.dataDir).sort()).toEqual(before);
  if (onPostgres) {
    const freshDirectory = { ...place, dataDir: emptyDirectory() };
    await expect(restoreBackup(freshDirectory, archive)).rejects.toThrow(
      /^The database of DATABASE_URL is not empty \(\d+ tables\)/,
    );
    expect(fs.readdirSync(freshDirectory.dataDir)).toEqual([]);
  }
}, 180_000);

test('a backup that fails leaves no file behind, and a file that is no backup is refused', async () => {
  const directory = emptyDirectory();
  const archive = path.join(directory, 'lizenzportal.zip');
  const nothingThere = testConfig({
    DATA_DIR: emptyDirectory(),
    ...(onPostgres
      ? { DATABASE_URL: withDatabase(process.env['TEST_DATABASE_URL']!, 'no_such_database') }
      : {}),
  });
  await expect(createBackup(nothingThere, archive)).rejects.toThrow(
    onPostgres ? /^pg_dump failed \(exit code 1\): .*no_such_database/ : /^There is no embedded database in /,
  );
  expect(fs.readdirSync(directory)).toEqual([]);

  // A file that cannot be read half-way through the archive: the part written is removed.
  fs.mkdirSync(path.join(ctx.config.dataDir, 'files'), { recursive: true });
  fs.writeFileSync(path.join(ctx.config.dataDir, 'files', 'unreadable.pdf'), 'x'.repeat(100_000), {
    mode: 0o600,
  });
  vi.spyOn(fs, 'createReadStream').mockImplementation(
    () =>
      Readable.from(
        (function* () {
          yield Buffer.from('x');
          throw new Error('disk read error');
        })(),
      ) as fs.ReadStream,
  );
  await expect(createBackup(portalConfig(), archive)).rejects.toThrow('disk read error');
  vi.restoreAllMocks();
  expect(fs.readdirSync(directory)).toEqual([]);

  fs.writeFileSync(archive, 'no zip at all');
  const place = await emptyPlace();
  await expect(restoreBackup(place, archive)).rejects.toThrow(
    new RegExp(`^${archive} is no backup of the portal`),
  );
  expect(fs.readdirSync(place.dataDir)).toEqual([]);
});

test('with the umask 0000, what the portal stores is its user’s alone: documents, mails, secrets, backups, restored data', async () => {
  const license = await ctx.createLicense({ generateStarterDocument: true });
  const headers = await ctx.adminHeaders();
  // The starter document first: binding meanwhile would meet the license changed by its job.
  await eventually(async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers });
    return response.json().data.license.starterDocument ?? undefined;
  }, 60_000);
  await ctx.bindLicense(license, { name: 'Erika Privatmann', email: 'privat@example.com' });
  const recovery = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license-recovery',
    payload: { email: 'privat@example.com' },
  });
  expect(recovery.statusCode).toBe(202);
  const outbox = path.join(ctx.config.dataDir, 'outbox');
  await eventually(
    () => fs.existsSync(outbox) && fs.readdirSync(outbox).some((name) => name.endsWith('.eml')),
    60_000,
  );
  expect(fs.readdirSync(path.join(ctx.config.dataDir, 'files'))).not.toEqual([]);
  expect(notPrivateUnder(ctx.config.dataDir)).toEqual([]);

  const archive = path.join(emptyDirectory(), 'lizenzportal.zip');
  await createBackup(portalConfig(), archive);
  expect(notPrivateUnder(path.dirname(archive))).toEqual([]);
  const place = await emptyPlace();
  await restoreBackup(place, archive);
  expect(notPrivateUnder(place.dataDir)).toEqual([]);
}, 180_000);

test('two backups to one name at once: one is written, the other fails naming the file and leaves it alone', async () => {
  const archive = path.join(emptyDirectory(), 'lizenzportal.zip');
  const [first, second] = await Promise.allSettled([
    createBackup(portalConfig(), archive),
    createBackup(portalConfig(), archive),
  ]);
  expect(first.status).toBe('fulfilled');
  expect(second).toEqual({
    status: 'rejected',
    reason: new BackupError(
      `${archive}.partial exists: another backup to ${archive} is being written. Name a new file (or, if no backup runs, a stopped one left it: delete it).`,
    ),
  });
  expect(fs.readdirSync(path.dirname(archive))).toEqual(['lizenzportal.zip']);
  const written = fs.readFileSync(archive);
  await expect(createBackup(portalConfig(), archive)).rejects.toThrow(
    new BackupError(`${archive} exists already: name a new file.`),
  );
  // One that finds the name taken only when it is done (the other started before its check) keeps
  // its hands off it, as does one on a file system without hard links (a copy that refuses too).
  for (const linkFailure of [undefined, 'EPERM']) {
    const late = path.join(path.dirname(archive), `late-${linkFailure ?? 'link'}.zip`);
    const link = fs.linkSync;
    vi.spyOn(fs, 'linkSync').mockImplementation((from, to) => {
      fs.writeFileSync(to, 'the other backup');
      if (linkFailure) throw Object.assign(new Error(linkFailure), { code: linkFailure });
      link(from, to);
    });
    await expect(createBackup(portalConfig(), late)).rejects.toThrow(
      new BackupError(
        `${late} was written by another backup meanwhile: this one is not kept. Name a new file.`,
      ),
    );
    vi.restoreAllMocks();
    expect(fs.readFileSync(late, 'utf8')).toBe('the other backup');
  }
  // Without hard links the backup is copied into its name.
  const copied = path.join(path.dirname(archive), 'copied.zip');
  vi.spyOn(fs, 'linkSync').mockImplementation(() => {
    throw Object.assign(new Error('EPERM'), { code: 'EPERM' });
  });
  await createBackup(portalConfig(), copied);
  vi.restoreAllMocks();
  expect(fs.readdirSync(path.dirname(archive)).sort()).toEqual([
    'copied.zip',
    'late-EPERM.zip',
    'late-link.zip',
    'lizenzportal.zip',
  ]);
  expect(fs.readFileSync(archive)).toEqual(written);
  await restoreBackup(await emptyPlace(), copied);
}, 180_000);

/** A copy of the archive with `change` applied to each entry's bytes. */
async function rewritten(archive: string, change: (name: string, bytes: Buffer) => Buffer): Promise<string> {
  const target = path.join(emptyDirectory(), 'damaged.zip');
  const source = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(archive, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
  const copy = new ZipFile();
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: yauzl.Entry) => {
      source.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        copy.addBuffer(change(entry.fileName, Buffer.concat(chunks)), entry.fileName);
        source.readEntry();
      });
    });
    source.on('end', resolve);
    source.readEntry();
  });
  copy.end();
  await new Promise<void>((resolve) =>
    copy.outputStream.pipe(fs.createWriteStream(target)).on('close', () => resolve()),
  );
  return target;
}

test('a restore of a damaged backup names the archive, the part and why', async () => {
  const archive = path.join(emptyDirectory(), 'lizenzportal.zip');
  await createBackup(portalConfig(), archive);

  const manifest = await rewritten(archive, (name, bytes) =>
    name === 'backup.json' ? Buffer.from('{ kaputt') : bytes,
  );
  await expect(restoreBackup(await emptyPlace(), manifest)).rejects.toThrow(
    new RegExp(`^${manifest}: backup\\.json cannot be read, the backup is damaged \\(.*JSON.*\\)\\.$`),
  );

  const part = onPostgres ? 'database/postgres.dump' : 'database/pglite-data.tar.gz';
  const database = await rewritten(archive, (name, bytes) =>
    name === part ? bytes.subarray(0, bytes.length / 2) : bytes,
  );
  const place = await emptyPlace();
  const failure = (await restoreBackup(place, database).catch((error: unknown) => error)) as Error;
  expect(failure).toBeInstanceOf(BackupError);
  expect(failure.message).toMatch(
    new RegExp(
      `^${database}: ${part.replace('.', '\\.')} (cannot be read, the backup is damaged|could not be restored) \\(.+\\)\\.$`,
    ),
  );
  expect(fs.readdirSync(place.dataDir)).toEqual([]);
}, 180_000);
