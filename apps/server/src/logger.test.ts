import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import type { Database } from './db/database.ts';
import { createLogger, errorForLog } from './logger.ts';
import { createOrResetAdmin } from './modules/auth/admin-accounts.ts';
import { AdminRepository } from './modules/auth/admin-repository.ts';
import { TEST_ADMIN, testConfig } from './test/app.ts';
import { createTestDatabase } from './test/database.ts';

const HOLDER = 'Nguyễn Thị Ørsted';
const EMAIL = 'geheim.person@example.com';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ LOG_LEVEL: 'info' });
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    config,
    database,
    jwtSecret: 'x'.repeat(48),
    logger: createLogger(config, capture),
  });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const failure = (query: ReturnType<typeof sql>) =>
  query.execute(database.db).then(
    () => expect.fail('the query should fail'),
    (error: unknown) => error,
  );

test('a logged database error names the code and the schema, never the values', async () => {
  await sql`create table if not exists log_probe (email text unique)`.execute(database.db);
  await sql`insert into log_probe values (${EMAIL})`.execute(database.db);
  const duplicate = await failure(sql`insert into log_probe values (${EMAIL})`);
  const badId = await failure(sql`select ${HOLDER}::uuid`);

  const logged = [errorForLog(duplicate), errorForLog(badId)];
  expect(logged[0]).toMatchObject({ code: '23505', constraint: 'log_probe_email_key' });
  expect(logged[1]).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "…"' });
  for (const entry of logged) {
    expect(JSON.stringify(entry)).not.toMatch(/geheim|Nguy|Ørsted|insert into|select/);
    expect(entry['stack']).toMatch(/^\s+at /);
  }
});

test('a 5xx of a search for personal data is logged without it', async () => {
  await createOrResetAdmin(new AdminRepository(database.db), TEST_ADMIN.username, TEST_ADMIN.password);
  const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/admin', payload: TEST_ADMIN });
  const headers = { authorization: `Bearer ${signIn.json().data.token}` };
  await sql`alter table license rename to license_hidden`.execute(database.db);
  const response = await app
    .inject({
      method: 'GET',
      url: `/api/v1/license?holder.email=${encodeURIComponent(EMAIL)}&holder.name=/${encodeURIComponent(HOLDER)}/i`,
      headers,
    })
    .finally(() => sql`alter table license_hidden rename to license`.execute(database.db));
  expect(response.statusCode).toBe(500);
  const rejected = await app.inject({
    method: 'GET',
    url: `/api/v1/license?status=${encodeURIComponent(EMAIL)}`,
    headers,
  });
  expect(rejected.statusCode).toBe(400);

  const log = lines.join('');
  expect(log).toContain('"msg":"request failed"');
  expect(log).toContain('relation \\"license\\" does not exist');
  expect(log).toContain('"msg":"request rejected"');
  expect(log).not.toMatch(/geheim|Nguy|Ørsted/);
});
