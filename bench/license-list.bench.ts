/**
 * License list: 1,000,000 licenses on PostgreSQL and 100,000 on PGlite (generated with
 * generate_series: German holder names, classes, sizes, dates over three years). Each typical list
 * query runs through the list engine (the domain's API syntax → compiler → `listPage`: count and
 * page, a search in a transaction under the statement timeout), beside the same SQL written by hand and run
 * directly, the floor: for an unfiltered list the total its triggers keep (decision 028), otherwise
 * the count over a LIMIT (decision 025), and the page; for a page beyond the counted rows the exact
 * count and the page read from the end. Engine and floor take turns, round
 * by round. Prints p50/p95 of both and the ratio of the p95s. Then the CSV export of 100,000
 * licenses: its time beside one query reading the same rows and writing the same CSV, the growth
 * of the process's memory while it streams, and on PGlite how long a list page waits meanwhile.
 * BENCH_LICENSES and BENCH_PGLITE_LICENSES change the counts, BENCH_ROUNDS the runs per query.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { CompiledQuery, type Kysely } from 'kysely';
import { parseApiListQuery } from '@lizenzportal/domain';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { compileListQuery } from '../apps/server/src/lists/compile.ts';
import { streamListRows } from '../apps/server/src/lists/list-export.ts';
import { EXACT_TOTAL_LIMIT, LIST_QUERY_TIMEOUT_MS, listPage } from '../apps/server/src/lists/list-page.ts';
import { ROW_COUNT_FOLD_AT } from '../apps/server/src/lists/row-count.ts';
import { LICENSE_CSV } from '../apps/server/src/modules/licenses/csv.ts';
import { LICENSE_LIST_ENTITY } from '../apps/server/src/modules/licenses/list.ts';
import { toLicense } from '../apps/server/src/modules/licenses/mapper.ts';
import type { DB, LicenseRow } from '../apps/server/src/db/schema.ts';
import { benchDatabase } from './lib/postgres-database.ts';
import { ms, timedInTurns, type Timing } from './lib/timing.ts';

const LICENSES = Number(process.env['BENCH_LICENSES'] ?? 1_000_000);
const PGLITE_LICENSES = Number(process.env['BENCH_PGLITE_LICENSES'] ?? 100_000);
const EXPORTED = 100_000;
// 200: a p95 of 50 rounds is their third-slowest, so one stall of a few ms decided a 2-ms query's verdict.
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 200);
const TARGET = { p95Ms: 50, ratio: 2, exportRssMb: 100 };

/** A typical list query in the API syntax, and the same answer as hand-written SQL. */
interface Case {
  name: string;
  query: string;
  where: string;
  order: string;
  limit: number;
  skip: number;
}

const NEWEST = 'created_at desc, id desc';

function cases(count: number): Case[] {
  const plain = { where: 'true', order: NEWEST, limit: 20, skip: 0 };
  return [
    { ...plain, name: 'first page, newest first', query: '' },
    { ...plain, name: 'last page (typed address)', query: `skip=${count - 20}`, skip: count - 20 },
    {
      ...plain,
      name: 'last page the pager offers',
      query: `skip=${EXACT_TOTAL_LIMIT - 20}`,
      skip: EXACT_TOTAL_LIMIT - 20,
    },
    { ...plain, name: 'status = bound', query: 'status=bound', where: "status = 'bound'" },
    {
      ...plain,
      name: 'holder name regex',
      query: 'holder.name=/^m(ü|ue)ller/i',
      where: "holder_name ~* '^m(ü|ue)ller'",
    },
    {
      ...plain,
      name: 'class + size range',
      query: 'properties.class=pro&properties.size>=10&properties.size<=20',
      where: "class = 'pro' and size >= 10 and size <= 20",
    },
    {
      ...plain,
      name: 'createdAt range (one month)',
      query: 'createdAt>=2025-03-01&createdAt<2025-04-01',
      where: "created_at >= '2025-03-01T00:00:00+01:00' and created_at < '2025-04-01T00:00:00+02:00'",
    },
    { ...plain, name: 'key prefix', query: 'key=/^KA/i', where: "key ~* '^KA'" },
    {
      ...plain,
      name: 'sort by createdAt ascending',
      query: 'sort=createdAt',
      order: 'created_at asc, id asc',
    },
    {
      ...plain,
      name: 'holder e-mail equals',
      query: 'holder.email=anna.mueller.4711@example.de',
      where: "holder_email = 'anna.mueller.4711@example.de'",
    },
    {
      ...plain,
      name: 'status + 100 per page, page 3',
      query: 'status=unbound&limit=100&skip=200',
      where: "status = 'unbound'",
      limit: 100,
      skip: 200,
    },
  ];
}

/**
 * The engine's SQL by hand: the capped count and the page, or the exact count and the page from the
 * end; a search in a transaction under the statement timeout (begun in one round trip).
 */
async function floor(database: Database, entry: Case): Promise<void> {
  const timeout = `set local statement_timeout = ${LIST_QUERY_TIMEOUT_MS}`;
  if (!entry.query.includes('=/')) {
    await floorQueries(entry, (text) => database.db.executeQuery(CompiledQuery.raw(text)));
  } else if (database.pglite) {
    await database.pglite.transaction(async (transaction) => {
      await transaction.query(timeout);
      await floorQueries(entry, (text) => transaction.query(text));
    });
  } else {
    await database.db.connection().execute(async (connection) => {
      await connection.executeQuery(CompiledQuery.raw(`begin; ${timeout}`));
      await floorQueries(entry, (text) => connection.executeQuery(CompiledQuery.raw(text)));
      await connection.executeQuery(CompiledQuery.raw('commit'));
    });
  }
}

async function floorQueries(entry: Case, run: (text: string) => Promise<{ rows: unknown[] }>): Promise<void> {
  // Unfiltered: the total the triggers keep (decision 028), and then pages from either end.
  const unfiltered = entry.where === 'true';
  const deep = unfiltered || entry.skip + entry.limit > EXACT_TOTAL_LIMIT;
  const counted = unfiltered
    ? await run(
        `select coalesce(sum(delta), 0)::int as total, count(*)::int as parts from list_row_count where table_name = 'license'`,
      )
    : deep
      ? await run(`select count(*)::int as total from license where ${entry.where}`)
      : await run(
          `select count(*)::int as total from (select 1 from license where ${entry.where} limit ${EXACT_TOTAL_LIMIT + 1}) m`,
        );
  const total = (counted.rows[0] as { total: number }).total;
  const limit = Math.max(0, Math.min(entry.limit, total - entry.skip));
  if (limit === 0) return;
  const fromEnd = total - entry.skip - limit;
  const reversed = deep && fromEnd < entry.skip;
  const order = reversed
    ? entry.order.replaceAll('desc', 'DESC').replaceAll('asc', 'desc').replaceAll('DESC', 'asc')
    : entry.order;
  await run(
    `select * from license where ${entry.where} order by ${order} limit ${limit} offset ${reversed ? fromEnd : entry.skip}`,
  );
}

/**
 * Licenses: German names, a third bound, classes and sizes, three years of dates. In as many
 * statements as the row count's triggers may leave delta rows before a reader folds them (decision
 * 028): every unfiltered total then sums the most rows it ever does.
 */
async function generate(db: Kysely<DB>, count: number): Promise<void> {
  for (let part = 0; part < ROW_COUNT_FOLD_AT; part++) {
    const first = Math.floor((count * part) / ROW_COUNT_FOLD_AT) + 1;
    const last = Math.floor((count * (part + 1)) / ROW_COUNT_FOLD_AT);
    await generatePart(db, first, last);
  }
  // What autovacuum does after a bulk load: statistics and the visibility map of index-only scans.
  await db.executeQuery(CompiledQuery.raw('vacuum analyze license'));
}

async function generatePart(db: Kysely<DB>, first: number, last: number): Promise<void> {
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
      from generate_series(${first}, ${last}) as n, names
    `),
  );
}

async function benchQueries(database: Database, count: number): Promise<void> {
  console.log(
    `${'query'.padEnd(32)} ${'engine p50/p95'.padStart(16)} ${'raw SQL p50/p95'.padStart(17)}  ratio p95`,
  );
  let ok = 0;
  const all = cases(count);
  for (const entry of all) {
    const request = compileListQuery(parseApiListQuery(entry.query), LICENSE_LIST_ENTITY);
    const [engine, raw] = (await timedInTurns(
      [() => listPage(database.db, LICENSE_LIST_ENTITY, request), () => floor(database, entry)],
      ROUNDS,
    )) as [Timing, Timing];
    const ratio = engine.p95 / raw.p95;
    const within = engine.p95 <= TARGET.p95Ms && ratio <= TARGET.ratio;
    if (within) ok++;
    console.log(
      [
        entry.name.padEnd(32),
        ms(engine).padStart(16),
        ms(raw).padStart(17),
        ` ${ratio.toFixed(2)}×`.padStart(9),
        within ? 'ok' : 'ABOVE TARGET',
      ].join(' '),
    );
  }
  console.log(`${ok} of ${all.length} within ${TARGET.p95Ms} ms p95 and ${TARGET.ratio}× the floor`);
}

// The collector, to tell live memory from garbage the heap has not collected yet.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** The heap in use after a full collection: what the process holds. */
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

const csvFormat = {
  head: LICENSE_CSV.head,
  rows: (rows: LicenseRow[]) => LICENSE_CSV.rows(rows.map(toLicense)),
};

/**
 * The CSV export of `query` (100,000 licenses), beside its floor: one query reading them all and
 * one CSV string. On PGlite, a list page is asked for while the export streams.
 */
async function benchExport(database: Database, query: string): Promise<void> {
  const request = compileListQuery(parseApiListQuery(query), LICENSE_LIST_ENTITY);
  // Warm-up: the code and the heap of one batch, so that the growth measured is the export's.
  (await streamListRows(database.db, LICENSE_LIST_ENTITY, request, csvFormat)).destroy();
  const heapBefore = liveHeap();
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  let chunks = 0;
  let bytes = 0;
  let listWhileExporting: number | undefined;
  const started = performance.now();
  const csv = await streamListRows(database.db, LICENSE_LIST_ENTITY, request, csvFormat);
  for await (const chunk of csv) {
    bytes += (chunk as Buffer).length;
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    if (++chunks % 25 === 0) heapPeak = Math.max(heapPeak, liveHeap());
    if (listWhileExporting === undefined && bytes > 10_000_000) {
      const asked = performance.now();
      await listPage(
        database.db,
        LICENSE_LIST_ENTITY,
        compileListQuery(parseApiListQuery(''), LICENSE_LIST_ENTITY),
      );
      listWhileExporting = performance.now() - asked;
    }
  }
  const exportMs = performance.now() - started;
  const floorStarted = performance.now();
  let select = database.db
    .selectFrom('license')
    .selectAll()
    .$if(request.where !== undefined, (query) => query.where(request.where!));
  for (const { expression, direction } of request.orderBy) select = select.orderBy(expression, direction);
  const text = csvFormat.head + csvFormat.rows(await select.execute());
  const floorMs = performance.now() - floorStarted;
  const growthMb = (rssPeak - rssBefore) / 2 ** 20;
  console.log(
    `CSV export of ${query || 'all licenses'}: ${(bytes / 2 ** 20).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s` +
      ` (one query and one string: ${(floorMs / 1000).toFixed(1)} s, ${(text.length / 2 ** 20).toFixed(1)} MB,` +
      ` ratio ${(exportMs / floorMs).toFixed(2)}×), RSS growth while streaming ${growthMb.toFixed(0)} MB` +
      ` (${growthMb < TARGET.exportRssMb ? 'ok' : 'ABOVE TARGET'}), live heap growth` +
      ` ${((heapPeak - heapBefore) / 2 ** 20).toFixed(1)} MB` +
      (listWhileExporting === undefined ? '' : `, a list page meanwhile ${listWhileExporting.toFixed(0)} ms`),
  );
}

/** The licenses the CSV export benches: `EXPORTED` of them, oldest first (one every 94 s from 2024). */
function exportQuery(): string {
  const end = new Date(Date.UTC(2024, 0, 1) + (EXPORTED + 1) * 94_000);
  return `createdAt<${end.toISOString().replace(/\.\d+Z$/, 'Z')}`;
}

async function onPostgres(): Promise<void> {
  const server = await benchDatabase('list');
  if (!server) {
    console.log('License list bench: no PostgreSQL server reachable (BENCH_DATABASE_URL), skipped.');
    return;
  }
  const database = await openDatabase({ databaseUrl: server.url });
  try {
    await migrate(database.db);
    const started = performance.now();
    await generate(database.db, LICENSES);
    console.log(
      `\nLicense list, PostgreSQL, ${LICENSES.toLocaleString('de-DE')} licenses (generated in ${((performance.now() - started) / 1000).toFixed(1)} s), ${ROUNDS} rounds each`,
    );
    await benchQueries(database, LICENSES);
    await benchExport(database, exportQuery());
  } finally {
    await database.close();
    await server.drop();
  }
}

async function onPglite(): Promise<void> {
  const database = await openDatabase({});
  try {
    await migrate(database.db);
    const started = performance.now();
    await generate(database.db, PGLITE_LICENSES);
    console.log(
      `\nLicense list, PGlite, ${PGLITE_LICENSES.toLocaleString('de-DE')} licenses (generated in ${((performance.now() - started) / 1000).toFixed(1)} s), ${ROUNDS} rounds each`,
    );
    await benchQueries(database, PGLITE_LICENSES);
    await benchExport(database, PGLITE_LICENSES === EXPORTED ? '' : exportQuery());
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  if (process.env['BENCH_BACKEND'] !== 'pglite') await onPostgres();
  if (process.env['BENCH_BACKEND'] !== 'postgres') await onPglite();
}
