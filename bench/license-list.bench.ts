/**
 * License list: 1,000,000 licenses on PostgreSQL (generated with generate_series: German holder
 * names, classes, sizes, dates over three years). Each typical list query runs through the list
 * engine (the domain's API syntax → compiler → `listPage`: count and page in one transaction under
 * the statement timeout), beside the same count and page written by hand as raw SQL, the floor.
 * Prints p50/p95 of both and the ratio of the p95s. BENCH_LICENSES changes the count,
 * BENCH_ROUNDS the runs per query.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { parseApiListQuery } from '@lizenzportal/domain';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { compileListQuery } from '../apps/server/src/lists/compile.ts';
import { listPage } from '../apps/server/src/lists/list-page.ts';
import { LICENSE_LIST } from '../apps/server/src/modules/licenses/list.ts';

const LICENSES = Number(process.env['BENCH_LICENSES'] ?? 1_000_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 20);
const TARGET = { p95Ms: 50, ratio: 2 };

/** A typical list query in the API syntax, and the same answer as hand-written SQL. */
interface Case {
  name: string;
  query: string;
  where: string;
  order: string;
  limit: number;
  offset: (total: number) => number;
}

const CASES: Case[] = [
  {
    name: 'first page, newest first',
    query: '',
    where: 'true',
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'last page, newest first',
    query: 'skip=999980',
    where: 'true',
    order: 'created_at desc, id desc',
    limit: 20,
    offset: (total) => Math.max(0, total - 20),
  },
  {
    name: 'status = bound',
    query: 'status=bound',
    where: "status = 'bound'",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'holder name regex',
    query: 'holder.name=/^m(ü|ue)ller/i',
    where: "holder_name ~* '^m(ü|ue)ller'",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'class + size range',
    query: 'properties.class=pro&properties.size>=10&properties.size<=20',
    where: "class = 'pro' and size >= 10 and size <= 20",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'createdAt range (one month)',
    query: 'createdAt>=2025-03-01&createdAt<2025-04-01',
    where: "created_at >= '2025-03-01T00:00:00+01:00' and created_at < '2025-04-01T00:00:00+02:00'",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'key prefix',
    query: 'key=/^KA/i',
    where: "key ~* '^KA'",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'sort by createdAt ascending',
    query: 'sort=createdAt',
    where: 'true',
    order: 'created_at asc, id asc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'holder e-mail equals',
    query: 'holder.email=anna.mueller.4711@example.de',
    where: "holder_email = 'anna.mueller.4711@example.de'",
    order: 'created_at desc, id desc',
    limit: 20,
    offset: () => 0,
  },
  {
    name: 'status + 100 per page, page 3',
    query: 'status=unbound&limit=100&skip=200',
    where: "status = 'unbound'",
    order: 'created_at desc, id desc',
    limit: 100,
    offset: () => 200,
  },
];

async function benchDatabase(): Promise<string | undefined> {
  const server =
    process.env['BENCH_DATABASE_URL'] ??
    process.env['TEST_DATABASE_URL'] ??
    'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('drop database if exists lizenzportal_bench_list with (force)');
    await client.query('create database lizenzportal_bench_list');
    const url = new URL(server);
    url.pathname = '/lizenzportal_bench_list';
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** 1M licenses in one statement: German names, a third bound, classes and sizes, three years of dates. */
async function generate(db: Kysely<DB>, count: number): Promise<void> {
  await db.executeQuery(
    CompiledQuery.raw(`
      with names as (
        select array['Anna','Jonas','Lea','Lukas','Mia','Felix','Emma','Paul','Sophie','Ben','Zoë','Jürgen','Özlem','Łukasz'] as first,
               array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Schulz','Hoffmann','Çelik','Nowak','Öztürk','Groß'] as last,
               array['Förderschule','Praxis für Logopädie','Grundschule','Therapiezentrum','Lebenshilfe'] as kind,
               array['am Stadtpark','Nord','Süd','Lindenhof','an der Elbe','Sonnenberg'] as place
      )
      insert into license (key, version, start_code, authentication_code, status, type_of_entry, entry_reference,
        holder_type, holder_name, holder_email, bound_at, class, type, size, delivery, dvd_count,
        special_permissions, notes, created_at, updated_at)
      select
        translate(upper(substr(md5(n::text), 1, 12)), '01IO', 'ABCD'),
        case when n % 5 = 0 then '8' else '9' end,
        lpad((n % 1000000)::text, 6, '0'), lpad((n % 1000000)::text, 6, '0'),
        case when n % 3 = 0 then 'bound' when n % 50 = 1 then 'disabled' else 'unbound' end,
        case when n % 4 = 0 then 'manual' else 'order' end,
        (100000 + n)::text,
        case when n % 3 = 0 then (case when n % 2 = 0 then 'organization' else 'person' end) end,
        case when n % 3 = 0 then (case when n % 2 = 0
          then kind[1 + n % 5] || ' ' || place[1 + n % 6]
          else first[1 + n % 14] || ' ' || last[1 + (n / 14) % 14] end) end,
        case when n % 3 = 0 then lower(translate(first[1 + n % 14], 'üöäÖÜÄëŁł', 'uoaOUAeLl')) || '.'
          || lower(translate(last[1 + (n / 14) % 14], 'üöäÖÜÄçÇß', 'uoaOUAcCs')) || '.' || n || '@example.de' end,
        case when n % 3 = 0 then timestamptz '2024-01-01' + make_interval(secs => n * 94) + interval '1 day' end,
        (array['single','multiple','server','personal','pro'])[1 + n % 5],
        case when n % 7 = 0 then 'update' else 'full' end,
        case when n % 5 = 3 then 1 else 1 + n % 40 end,
        case when n % 6 = 0 then 'dvd' else 'download' end,
        case when n % 5 = 0 then null else n % 3 end,
        '{download}',
        case when n % 10 = 0 then 'Rechnung ' || n end,
        timestamptz '2024-01-01' + make_interval(secs => n * 94),
        timestamptz '2024-01-01' + make_interval(secs => n * 94)
      from generate_series(1, ${count}) as n, names
    `),
  );
  await db.executeQuery(CompiledQuery.raw('analyze license'));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(work: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await work(); // warm-up: plans and caches
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function run(): Promise<void> {
  const url = await benchDatabase();
  if (!url) {
    console.log('License list bench: no PostgreSQL server reachable (BENCH_DATABASE_URL), skipped.');
    return;
  }
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrate(database.db);
    const started = performance.now();
    await generate(database.db, LICENSES);
    console.log(
      `\nLicense list, PostgreSQL, ${LICENSES.toLocaleString('de-DE')} licenses (generated in ${((performance.now() - started) / 1000).toFixed(1)} s), ${ROUNDS} rounds each`,
    );
    console.log(
      `${'query'.padEnd(32)} ${'engine p50/p95'.padStart(16)} ${'raw SQL p50/p95'.padStart(17)}  ratio p95`,
    );
    const { rows } = await database.db.executeQuery<{ total: number }>(
      CompiledQuery.raw('select count(*)::int as total from license'),
    );
    const all = rows[0]!.total;
    for (const entry of CASES) {
      const request = compileListQuery(parseApiListQuery(entry.query), LICENSE_LIST);
      const engine = await timed(() => listPage(database.db, LICENSE_LIST, request));
      const floor = await timed(async () => {
        const counted = await database.db.executeQuery<{ total: number }>(
          CompiledQuery.raw(`select count(*)::int as total from license where ${entry.where}`),
        );
        const total = entry.where === 'true' ? all : counted.rows[0]!.total;
        await database.db.executeQuery(
          CompiledQuery.raw(
            `select * from license where ${entry.where} order by ${entry.order} limit ${entry.limit} offset ${entry.offset(total)}`,
          ),
        );
      });
      const ratio = engine.p95 / floor.p95;
      const verdict = engine.p95 <= TARGET.p95Ms && ratio <= TARGET.ratio ? 'ok' : 'ABOVE TARGET';
      console.log(
        [
          entry.name.padEnd(32),
          `${engine.p50.toFixed(1)}/${engine.p95.toFixed(1)} ms`.padStart(16),
          `${floor.p50.toFixed(1)}/${floor.p95.toFixed(1)} ms`.padStart(17),
          ` ${ratio.toFixed(2)}×`.padStart(9),
          verdict,
        ].join(' '),
      );
    }
  } finally {
    await database.close();
  }
}
