/**
 * The references of the sign-in benchmark: what this machine gives minimal code on the same
 * database, without the portal's framework work (plugins, hooks, schemas, mutex, metrics).
 *
 * - `POST /` (status): Fastify without plugins and one key lookup, the work of `license-status`.
 * - `POST /login` (login): exactly the work a license sign-in cannot avoid (decisions 003, 020,
 *   026, 064): the client's pseudonym (an HMAC of its address, as the throttle names clients), the
 *   license's columns the holder sees and the client's throttle record for the key, read in one
 *   statement (one transaction); the code compared; one token signed with fast-jwt as the
 *   portal signs it (HS256, issuer, audience, lifetime); the same answer's fields. A successful
 *   sign-in of a client without failures writes nothing (decision 003), so neither does this.
 *   The statement is a prepared one, as the portal's: named on PostgreSQL (decision 026), through
 *   the portal's own protocol calls on PGlite, whose `query()` plans every statement anew (080).
 *
 * Started on a copy of the portal's embedded database (`PGLITE_DIR`) or on its PostgreSQL
 * database (`DATABASE_URL`), beside the portal, so the bench can measure both in turns.
 */
import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createSigner } from 'fast-jwt';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteOptions } from '../../apps/server/src/db/pglite-options.ts';
import { executePrepared } from '../../apps/server/src/db/pglite-prepared-statements.ts';

const STATUS = 'select status from license where key = $1';
/** The columns a holder sees (the portal's `CUSTOMER_LICENSE_COLUMNS`), and the client's failures. */
const COLUMNS = [
  'id',
  'key',
  'version',
  'start_code',
  'authentication_code',
  'status',
  'type_of_entry',
  'holder_type',
  'holder_name',
  'holder_email',
  'holder_contact',
  'bound_at',
  'class',
  'type',
  'size',
  'delivery',
  'dvd_count',
  'special_permissions',
  'software_downloads',
  'metasearch_downloads',
  'starter_document',
  'license_document',
  'updated_to_license',
  'product_sku',
  'extension_sku',
  'created_at',
  'updated_at',
  'revision',
];
const SIGN_IN = `select ${COLUMNS.map((column) => `l.${column}`).join(', ')},
    coalesce(t.failures, 0) as throttle_failures
  from license l left join auth_throttle_client t on t.scope = 'license' and t.subject = l.key
    and t.client = $2 and t.expires_at > now()
  where l.key = $1`;

type Row = Record<string, unknown> & { id: string; status: string; authentication_code: string };
interface Lookups {
  status(key: string): Promise<string | undefined>;
  signIn(key: string, client: string): Promise<Row | undefined>;
}

async function open(): Promise<Lookups> {
  const url = process.env['DATABASE_URL'];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      status: async (key) => (await pool.query<{ status: string }>(STATUS, [key])).rows[0]?.status,
      signIn: async (key, client) =>
        (await pool.query<Row>({ name: 'minimal_sign_in', text: SIGN_IN, values: [key, client] })).rows[0],
    };
  }
  const pglite = await PGlite.create({ dataDir: process.env['PGLITE_DIR']!, ...(await pgliteOptions()) });
  return {
    status: async (key) => (await pglite.query<{ status: string }>(STATUS, [key])).rows[0]?.status,
    signIn: async (key, client) =>
      (await executePrepared<Row>(pglite, 'minimal_sign_in', SIGN_IN, [key, client])).rows[0],
  };
}

const lookups = await open();
const JWT_SECRET = process.env['JWT_SECRET'] ?? 'bench-'.repeat(8);
// A key object, as the portal keeps it: an HMAC under a plain buffer checks and copies the key each
// time, which cost this reference some 15 µs per sign-in (decision 081).
const pseudonymKey = crypto.createSecretKey(
  Buffer.from(crypto.hkdfSync('sha256', JWT_SECRET, '', 'minimal client pseudonym', 32)),
);
/** The throttle's name of a client: no address is stored (decision 064). */
const pseudonym = (address: string) =>
  `p:${crypto.createHmac('sha256', pseudonymKey).update(address).digest().subarray(0, 16).toString('base64url')}`;
const sign = createSigner({
  key: JWT_SECRET,
  algorithm: 'HS256',
  iss: 'lizenzportal',
  aud: 'lizenzportal',
  expiresIn: 12 * 60 * 60 * 1000,
});
const app = Fastify();
app.post<{ Body: { key: string } }>('/', async (request, reply) => {
  const status = await lookups.status(request.body.key);
  if (!status) return reply.code(404).send({ error: { code: 'NOT_FOUND' } });
  return { data: { status } };
});
app.post<{ Body: { key: string; authenticationCode: string } }>('/login', async (request, reply) => {
  const { key, authenticationCode } = request.body;
  const row = await lookups.signIn(key, pseudonym(request.ip));
  if (!row || row.status === 'disabled' || row.authentication_code !== authenticationCode.trim()) {
    return reply.code(401).send({ error: { code: 'INVALID_CREDENTIALS' } });
  }
  const token = sign({ userType: 'license', sub: row.id });
  const { throttle_failures: _failures, ...license } = row;
  return { data: { token, userData: { type: 'license', ...license } } };
});
await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
process.send?.('ready');
// Ends normally on the bench's SIGTERM, so `BENCH_PROFILE_DIR` gets its profile.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
