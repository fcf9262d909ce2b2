/**
 * The reference of the sign-in benchmark: what this machine gives minimal code on the same
 * database — Fastify without plugins and one key lookup, the work of `license-status` and no more.
 * Started on the portal's database after the portal stopped (`DATABASE_URL` or `PGLITE_DIR`).
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../../apps/server/src/db/pglite-extensions.ts';

const LOOKUP = 'select status from license where key = $1';

async function openLookup(): Promise<(key: string) => Promise<string | undefined>> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async (key) => (await pool.query<{ status: string }>(LOOKUP, [key])).rows[0]?.status;
  }
  const pglite = await PGlite.create({ dataDir: process.env['PGLITE_DIR']!, extensions: PGLITE_EXTENSIONS });
  return async (key) => (await pglite.query<{ status: string }>(LOOKUP, [key])).rows[0]?.status;
}

const lookup = await openLookup();
const app = Fastify();
app.post<{ Body: { key: string } }>('/', async (request, reply) => {
  const status = await lookup(request.body.key);
  if (!status) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  return { data: { status } };
});
await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
process.send?.('ready');
