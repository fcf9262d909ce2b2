/**
 * The job worker as a process of its own (`npm run worker`), for setups that run the API with
 * `WORKER=off`. It needs a PostgreSQL server (`DATABASE_URL`): the embedded database belongs to
 * one process.
 */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { resolveJwtSecret } from './modules/auth/index.ts';
import { listenForMetrics } from './modules/metrics/index.ts';
import { createServices, startWorkers } from './services.ts';
import { prepareDataDirectories } from './data-directories.ts';
import { restrictNewFiles, SharedDataDirectoryError } from './lib/private-files.ts';

async function start(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is required for a separate worker: the embedded database belongs to one process',
    ]);
  }
  const logger = createLogger(config);
  restrictNewFiles();
  for (const message of prepareDataDirectories(config)) logger.warn(message);
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await migrate(database.db);
  const services = await createServices({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    log: logger,
    maintenance: true,
  });
  await startWorkers(services, logger);
  // Its own figures (event loop, heap) beside the database's, on this process's METRICS_PORT.
  const { port: metricsPort, token: metricsToken } = config.metrics;
  const metricsServer =
    metricsPort === undefined
      ? undefined
      : await listenForMetrics(services.metrics, { port: metricsPort, token: metricsToken }, logger);
  logger.info('job worker running');
  const shutdown = async () => {
    await metricsServer?.close();
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

start().catch((error: unknown) => {
  // What the operator has to change is said in a line; anything else with its stack.
  console.error(
    error instanceof ConfigError || error instanceof SharedDataDirectoryError ? error.message : error,
  );
  process.exit(1);
});
