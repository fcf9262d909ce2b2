import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { testLogger } from './error-logs.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real portal listening on a free loopback port, with the built web app and a fresh database:
 * what browser tests drive.
 */
export async function startTestServer(environment: Record<string, string> = {}): Promise<TestServer> {
  const [database, port] = await Promise.all([createTestDatabase(), freePort()]);
  const config = testConfig({
    WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../../web/dist'),
    // The portal is its own shop (`/shop-demo` frames the assistant), at the address it listens on.
    SHOP_ORIGIN: `http://127.0.0.1:${port}`,
    ...environment,
  });
  const app = await buildApp({ config, database, jwtSecret: 'y'.repeat(48), logger: testLogger() });
  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A loopback port that is free now (the server takes it right after). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
