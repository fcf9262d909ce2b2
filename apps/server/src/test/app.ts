import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { License } from '@lizenzportal/domain';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AdminRepository } from '../modules/auth/admin-repository.ts';
import { createOrResetAdmin } from '../modules/auth/admin-accounts.ts';
import { createTestDatabase, resetDatabase } from './database.ts';
import { testLogger } from './error-logs.ts';
import { recordAnswers } from './documented-answers.ts';

export const TEST_ADMIN = { username: 'test-admin', password: 'test-admin-password' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs in the test admin (created on demand) and returns its bearer header. */
  adminHeaders(): Promise<{ authorization: string }>;
  /** Creates one license through the API (no starter document unless the payload asks for it). */
  createLicense(payload?: Record<string, unknown>): Promise<License>;
  /** Binds a license through the back-office API: the holder name becomes the authentication code. */
  bindLicense(license: { _id: string }, holder: { name: string; email?: string }): Promise<License>;
}

export function testConfig(environment: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-test-')),
    // The per-client limit is tested on its own; other tests send many requests from one address.
    AUTH_CLIENT_LIMIT: '1000000',
    // So is the cap of unfinished requests: injected bursts deliver all their bodies in one tick.
    CLIENT_UNFINISHED_REQUEST_LIMIT: '10000',
    // Tests that need background jobs ask for WORKER=inline; others keep jobs queued and quiet.
    WORKER: 'off',
    ...environment,
  });
}

/**
 * The very app the server runs, on a database of this test file, emptied before every test.
 * Call at the top of a test file; the returned object is filled in before the first test.
 * `options.logger` replaces the test logger (for a test that reads warnings; errors must still
 * reach the error-log rule).
 */
export function useTestApp(
  environment: Record<string, string> = {},
  options: { logger?: () => Logger } = {},
): TestApp {
  const context = {} as TestApp;
  let starting: Promise<void> | undefined;
  let answers: ReturnType<typeof recordAnswers> | undefined;
  beforeAll(() => {
    starting = (async () => {
      context.config = testConfig(environment);
      context.database = await createTestDatabase();
      context.app = await buildApp({
        config: context.config,
        database: context.database,
        jwtSecret: 'x'.repeat(48),
        logger: (options.logger ?? testLogger)(),
      });
      await context.app.ready();
      answers = recordAnswers(context.app);
    })();
    return starting;
  });
  beforeEach(async () => {
    await resetDatabase(context.database);
  });
  afterAll(async () => {
    // A start that outlived its hook's timeout is waited for and closed too: the next test file
    // runs in this process (decision 033), and an app left running would poll a closed database.
    await starting?.catch(() => {});
    // Every answer the file's tests saw must be one its operation documents (route-contract.ts).
    let undocumented: string[];
    try {
      undocumented = (await answers?.undocumented()) ?? [];
    } finally {
      await context.app?.close();
      await context.database?.close();
      if (context.config) fs.rmSync(context.config.dataDir, { recursive: true, force: true });
    }
    if (undocumented.length > 0) {
      throw new Error(
        `answers the OpenAPI document does not list (declare them: config: { errors: [...] }):\n${undocumented.join('\n')}`,
      );
    }
  });
  context.adminHeaders = async () => {
    await createOrResetAdmin(
      new AdminRepository(context.database.db),
      TEST_ADMIN.username,
      TEST_ADMIN.password,
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin',
      payload: TEST_ADMIN,
    });
    return { authorization: `Bearer ${response.json().data.token}` };
  };
  context.createLicense = async (payload = {}) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers: await context.adminHeaders(),
      payload: withDvdCount({ generateStarterDocument: false, ...payload }),
    });
    if (response.statusCode !== 201) throw new Error(`creating a license failed: ${response.body}`);
    return response.json().data.licenses[0];
  };
  context.bindLicense = async (license, holder) => {
    const headers = await context.adminHeaders();
    const url = `/api/v1/license/${license._id}`;
    const current = (await context.app.inject({ method: 'GET', url, headers })).json().data.license;
    const response = await context.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        ...current,
        status: 'bound',
        authenticationCode: holder.name,
        holder: {
          holderType: 'person',
          name: holder.name,
          email: holder.email ?? 'holder@example.com',
          contact: null,
        },
      },
    });
    if (response.statusCode !== 200) throw new Error(`binding a license failed: ${response.body}`);
    return response.json().data.license;
  };
  return context;
}

/**
 * A second server process on the test app's database, as several `npm start` with WORKER=off run:
 * built before the file's tests, closed after them. Call at the top of a test file, after
 * `useTestApp`; `app` is filled in before the first test.
 */
export function useSecondApp(ctx: TestApp): { app: FastifyInstance } {
  const second = {} as { app: FastifyInstance };
  beforeAll(async () => {
    second.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      jwtSecret: 'x'.repeat(48),
      logger: testLogger(),
    });
    await second.app.ready();
  });
  afterAll(() => second.app?.close());
  return second;
}

/**
 * The parsed error envelope of a response, for assertions: status, code and message. Its
 * `requestId` must name the request as the `X-Request-Id` header does (checked here, for every
 * error a test looks at); the field a 400 is about is `fieldOf`'s.
 */
export function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
  const { requestId, field: _field, ...error } = response.json().error;
  if (!requestId || requestId !== response.headers['x-request-id']) {
    throw new Error(
      `the error envelope names request ${requestId}, the header ${response.headers['x-request-id']}`,
    );
  }
  return error;
}

/** The field of the request a 400 is about (`holder.email`), as the error envelope names it. */
export function fieldOf(response: LightMyRequestResponse): string | undefined {
  return response.json().error.field;
}

/**
 * A create body with the DVD count a version 9 license needs (0 unless the test names one): the API
 * requires it (customer spec §3), the tests mostly do not care.
 */
export function withDvdCount(payload: Record<string, unknown>): Record<string, unknown> {
  const properties = (payload.properties ?? {}) as Record<string, unknown>;
  return { ...payload, properties: { dvdCount: 0, ...properties } };
}
