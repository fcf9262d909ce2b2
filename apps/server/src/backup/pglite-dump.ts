import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { sideServerLogger } from '../logger.ts';
import { openDatabase } from '../db/database.ts';
import { BackupError } from './backup-error.ts';

/**
 * The running portal's door for `npm run backup` on the embedded database, a Unix socket in
 * DATA_DIR: only who may read DATA_DIR (and so the database's files) may knock.
 */
function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, 'backup.sock');
}

/** A consistent copy of the embedded database: its data directory as a gzipped tar, after a checkpoint. */
async function dump(pglite: PGlite): Promise<Buffer> {
  // The dump waits for running queries and holds later ones; a transaction in flight is in its
  // files as after a power loss (PostgreSQL's recovery rolls it back when the copy is opened).
  await pglite.exec('checkpoint');
  const archive = await pglite.dumpDataDir('gzip');
  return Buffer.from(await archive.arrayBuffer());
}

/**
 * Serves dumps of the embedded database to `npm run backup` while the portal runs (the database
 * belongs to this process alone). A socket left by a killed portal is replaced: this process holds
 * the database's lock, so no other portal uses it.
 */
export async function listenForBackups(
  pglite: PGlite,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const socketPath = backupSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = Fastify({ loggerInstance: sideServerLogger(log, 'backup') });
  server.get('/database', async (_request, reply) => {
    const started = Date.now();
    const body = await dump(pglite);
    log.info({ bytes: body.length, ms: Date.now() - started }, 'database dumped for a backup');
    return reply.type('application/gzip').send(body);
  });
  await server.listen({ path: socketPath });
  fs.chmodSync(socketPath, 0o600);
  return server;
}

/** Asks the portal listening on the socket for a dump; undefined when none listens there. */
function dumpFromRunningPortal(socketPath: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: '/database' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new BackupError(`The running portal could not dump its database: ${body.toString()}`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on any more: the portal is not running.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
  });
}

/**
 * The embedded database of DATA_DIR as a gzipped tar of its data directory: from the running
 * portal, or (none running) opened here. A portal of a release without the socket keeps the
 * database's lock, and opening it here is refused with that message.
 */
export async function dumpEmbeddedDatabase(dataDir: string): Promise<Buffer> {
  const fromPortal = await dumpFromRunningPortal(backupSocketPath(dataDir));
  if (fromPortal) return fromPortal;
  const pgliteDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${pgliteDir}: is DATA_DIR (or DATABASE_URL) right?`,
    );
  }
  const database = await openDatabase({ pgliteDir });
  try {
    return await dump(database.pglite!);
  } finally {
    await database.close();
  }
}
