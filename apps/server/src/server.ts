import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { resolveJwtSecret } from './modules/auth/index.ts';
import { seedDemoData } from './seed/demo.ts';
import { seedDemoReleases } from './seed/demo-releases.ts';
import { listenForMetrics } from './modules/metrics/index.ts';
import { listenForBackups } from './backup/pglite-dump.ts';
import { prepareDataDirectories } from './data-directories.ts';
import { restrictNewFiles, SharedDataDirectoryError } from './lib/private-files.ts';

/** Starts the portal: configuration, database and migrations, initial admin, demo data, HTTP. */
async function start(): Promise<void> {
  restrictNewFiles();
  const config = loadConfig();
  const logger = createLogger(config);
  for (const message of prepareDataDirectories(config)) logger.warn(message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  await migrate(database.db);
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    logger,
  });
  const { admins, licenses, documents } = app.services;
  // Demo data first: it is only added to an empty database, and the initial admin would fill it.
  if (!config.isProduction) {
    const overview = await seedDemoData({
      db: database.db,
      licenses,
      admins,
      documents: documents.documents,
      initialAdmin: config.initialAdmin?.username,
    });
    if (overview) console.log(`\n${overview}\n`);
    const published = await seedDemoReleases(app.services.releases);
    if (published > 0) logger.info(`${published} sample product files published for the download area.`);
  }

  if (config.initialAdmin) {
    const { username, password } = config.initialAdmin;
    const outcome = await admins.createOrReset(username, password);
    const done = {
      created: 'created',
      updated: 'password reset (its sessions ended)',
      unchanged: 'unchanged',
    };
    logger.info(`Admin "${username}" ${done[outcome]} from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  }
  const { port: metricsPort, token: metricsToken } = config.metrics;
  const metricsServer =
    metricsPort === undefined
      ? undefined
      : await listenForMetrics(app.services.metrics, { port: metricsPort, token: metricsToken }, app.log);
  // `npm run backup` asks this process for the embedded database, which no other process may open.
  const backupServer = database.pglite
    ? await listenForBackups(database.pglite, config.dataDir, app.log)
    : undefined;
  const shutdown = async (signal: NodeJS.Signals) => {
    // Readiness answers 503 from now on; on SIGTERM (systemd, an orchestrator) the server keeps
    // answering for the drain time, so the load balancer sees it and sends new requests elsewhere.
    app.services.readiness.drain();
    const drainSeconds = signal === 'SIGTERM' ? config.shutdownDrainSeconds : 0;
    const drainNote = drainSeconds ? ` in ${drainSeconds} s (not ready meanwhile)` : '';
    logger.info(`${signal} received, shutting down${drainNote}`);
    await setTimeout(drainSeconds * 1000);
    await metricsServer?.close();
    await backupServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const storage =
    database.backend === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  console.log(
    `Lizenzportal runs on ${config.publicUrl} (${storage}${config.worker === 'off' ? ', jobs: separate worker' : ''}).`,
  );
}

start().catch((error: unknown) => {
  // What the operator has to change is said in a line; anything else with its stack.
  console.error(
    error instanceof ConfigError || error instanceof SharedDataDirectoryError ? error.message : error,
  );
  process.exit(1);
});
