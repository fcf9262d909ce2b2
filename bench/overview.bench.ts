/**
 * The back office's overview on PostgreSQL with 1,000,000 licenses and 200,000 orders (and their
 * deliveries, 50,000 offers, 500,000 downloads over three years; generated with generate_series,
 * a third of the version 8 licenses updated to 9 half a year after their creation). What needs
 * attention and every figure of every period, each asked three ways in turns, round by round: the
 * overview service, the raw SQL of the same aggregation (the lists' capped counts, the tally's sums,
 * decision 039) and the API over HTTP (the app in this process, `inject`); then the whole page (its
 * seven requests at once) the same three ways. Prints p50/p95, the ratio of the service's p95 to the
 * raw SQL's (target 2×) and the API's (target 200 ms). Last, each figure computed by GROUP BY over
 * the rows themselves: its time (what the tally saves) and whether it equals the service's answer.
 * BENCH_LICENSES, BENCH_ORDERS, BENCH_ROUNDS change the counts and the runs per request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import {
  deliveryFailureMessages,
  EXPIRING_OFFER_DAYS,
  figureDefinition,
  OVERVIEW_FIGURE_NAMES,
  OVERVIEW_PERIODS,
  PERIOD_SPANS,
  type OverviewFigure,
  type OverviewFigureData,
  type OverviewPeriod,
} from '@lizenzportal/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { EXACT_TOTAL_LIMIT, LIST_QUERY_TIMEOUT_MS } from '../apps/server/src/lists/list-page.ts';
import { createOrResetAdmin } from '../apps/server/src/modules/auth/admin-accounts.ts';
import { AdminRepository } from '../apps/server/src/modules/auth/admin-repository.ts';
import { TALLY_FOLD_AT } from '../apps/server/src/modules/overview/tally.ts';
import { benchDatabase } from './lib/postgres-database.ts';
import { ms, timedInTurns, type Timing } from './lib/timing.ts';

const LICENSES = Number(process.env['BENCH_LICENSES'] ?? 1_000_000);
const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 200_000);
const OFFERS = Math.round(ORDERS / 4);
const DOWNLOADS = Math.round(LICENSES / 2);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 100);
/** The GROUP BY over the rows takes seconds: a few runs tell its time. */
const ROW_ROUNDS = 3;
const TARGET = { pageP95Ms: 200, ratio: 2 };
const SPAN_SECONDS = 3 * 365 * 86_400;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

const execute = (db: Kysely<DB>, text: string) => db.executeQuery(CompiledQuery.raw(text));

/** The instant of row `n` of `count`, spread evenly over the three years up to now. */
const spread = (count: number) => `now() - make_interval(secs => (${count} - n) * ${SPAN_SECONDS / count})`;

/**
 * Licenses in parts (the tally's statement triggers add one row per measure and day a statement
 * touches); one in five of version 8, a third of those updated to a version 9 license created half
 * a year later. The newest part first, so that each successor is there before the license it
 * replaces (in a bulk load; updates one by one, as the portal makes them, took minutes more).
 */
async function generateLicenses(db: Kysely<DB>): Promise<void> {
  const part = 50_000;
  // Half a year of licenses later; never a multiple of 5, so the successor is of version 9.
  const later = Math.floor(LICENSES / 6) + (Math.floor(LICENSES / 6) % 5 === 0 ? 1 : 0);
  const updated = `n % 15 = 1 and n + ${later} <= ${LICENSES}`;
  for (let last = LICENSES; last >= 1; last -= part) {
    await execute(
      db,
      `insert into license (id, key, version, start_code, authentication_code, status, type_of_entry, class,
         type, size, delivery, updated_to_license, created_at, updated_at)
       select md5('license' || n)::uuid, translate(upper(substr(md5(n::text), 1, 12)), '01IO', 'ABCD'),
         case when n % 5 = 1 then '8' else '9' end, '123456', '123456',
         case when ${updated} or n % 50 = 2 then 'disabled' when n % 3 = 0 then 'bound' else 'unbound' end,
         case when n % 4 = 0 then 'manual' else 'order' end,
         (array['single', 'multiple', 'server', 'personal', 'pro'])[1 + n % 5], 'full', 1 + n % 40, 'download',
         case when ${updated} then md5('license' || (n + ${later}))::uuid end, ${spread(LICENSES)}, now()
       from generate_series(${Math.max(1, last - part + 1)}, ${last}) as n`,
    );
  }
}

/**
 * Orders of every purchase type (one in a thousand of a type the portal does not know) with their
 * net totals, one in 500 failed; a delivery for each, one in 400 failed, one in 1,000 in doubt, one
 * in 800 of the failed ones resent; offers, those of the last 30 days still open, older ones
 * ordered or expired; downloads.
 */
async function generateBusiness(db: Kysely<DB>): Promise<void> {
  await execute(
    db,
    `insert into order_generation (order_number, progress, purchase_type, shop_order, error, created_at)
     select 'B' || n, case when n % 500 = 7 then 'failed' else 'completed' end,
       case when n % 1000 = 999 then null when n % 20 < 8 then 'new' when n % 20 < 15 then 'upgrade'
         when n % 20 < 18 then 'extension' else 'reseller' end,
       jsonb_build_object('number', 'B' || n, 'netTotal', 3300 + (n::bigint * 7919) % 50000),
       case when n % 500 = 7 then 'Unbekanntes Produkt' end, ${spread(ORDERS)}
     from generate_series(1, ${ORDERS}) as n`,
  );
  const inDoubt = deliveryFailureMessages.handoverInDoubt.replaceAll("'", "''");
  await execute(
    db,
    `insert into delivery (id, progress, document_type, occasion, recipient, licenses, subject, content,
       text_content, error, created_at)
     select md5('delivery' || n)::uuid,
       case when n % 400 = 3 or n % 1000 = 11 then 'failed' else 'completed' end, 'license', 'order',
       'kunde' || n || '@example.de', array[md5('license' || (1 + n % ${LICENSES}))::uuid], 'Ihre Lizenz',
       '<p>Ihre Lizenz</p>', 'Ihre Lizenz',
       case when n % 400 = 3 then '550 Postfach unbekannt' when n % 1000 = 11 then '${inDoubt}' end, ${spread(ORDERS)}
     from generate_series(1, ${ORDERS}) as n;
     insert into delivery (progress, document_type, occasion, recipient, licenses, subject, content,
       text_content, resent_from)
     select 'completed', 'license', 'order', 'kunde' || n || '@example.de',
       array[md5('license' || (1 + n % ${LICENSES}))::uuid], 'Ihre Lizenz', '<p>Ihre Lizenz</p>', 'Ihre Lizenz',
       md5('delivery' || n)::uuid
     from generate_series(1, ${ORDERS}) as n where n % 800 = 3`,
  );
  await execute(
    db,
    `insert into upgrade_session (purchase_type, status, from_version, billing, offer_number, offer_code,
       offered_at, offer_valid_until, created_at)
     select 'upgrade', case when offered_at > now() - interval '30 days' then 'offered'
         when n % 10 < 3 then 'completed' when n % 10 = 3 then 'purchased' else 'expired' end,
       '8', '{"countryCode": "DE"}', 'A-' || n, 'c' || n, offered_at, offered_at + interval '30 days', offered_at
     from (select n, ${spread(OFFERS)} as offered_at from generate_series(1, ${OFFERS}) as n) as offer`,
  );
  await execute(
    db,
    `insert into download (license, object, product, platform, version, size, created_at)
     select md5('license' || (1 + (n::bigint * 7919) % ${LICENSES}))::uuid,
       case when n % 4 = 0 then 'metasearch' else 'software' end,
       case when n % 4 = 0 then 'metasearch' else 'software-9' end,
       case when n % 4 = 0 then 'windows-pro' end, '9.1', 1000, ${spread(DOWNLOADS)}
     from generate_series(1, ${DOWNLOADS}) as n`,
  );
}

/**
 * Today's business, a row per statement: as many unfolded tally rows as a reader leaves before it
 * folds them (the first request folded the bulk load), so every figure sums the most rows it does.
 */
async function today(db: Kysely<DB>): Promise<void> {
  for (let n = 1; n < TALLY_FOLD_AT - 8; n++) {
    await execute(
      db,
      `insert into license (key, version, start_code, authentication_code, status, type_of_entry, class, type,
         size, delivery)
       values ('ZZZZ' || translate(lpad('${n}', 8, '0'), '01', 'XY'), '8', '123456', '123456', 'unbound', 'order',
         (array['single', 'multiple', 'server', 'personal', 'pro'])[1 + ${n} % 5], 'full', 1, 'download')`,
    );
    await execute(
      db,
      `insert into order_generation (order_number, purchase_type, shop_order)
       values ('T${n}', 'new', '{"netTotal": 10000}')`,
    );
    await execute(
      db,
      `insert into download (license, object, product, version, size)
       values (md5('license1')::uuid, 'software', 'software-9', '9.1', 1000)`,
    );
    await execute(
      db,
      `insert into upgrade_session (purchase_type, status, billing, offer_number, offer_code, offered_at,
         offer_valid_until)
       values ('new', 'offered', '{}', 'T-${n}', 't${n}', now(), now() + interval '30 days')`,
    );
  }
}

/** „Braucht Aufmerksamkeit” by hand: each list's capped count, a search under the lists' timeout. */
function attentionFloor(pool: Pool): () => Promise<unknown> {
  const capped = (from: string, where: string) =>
    `select count(*)::int as total from (select 1 from ${from} where ${where} limit ${EXACT_TOTAL_LIMIT + 1}) as counted`;
  const pattern = `'^${deliveryFailureMessages.handoverInterrupted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`;
  const notResent = 'not exists (select from delivery as resend where resend.resent_from = delivery.id)';
  const searched = async (text: string) => {
    const client = await pool.connect();
    try {
      await client.query(`begin; set local statement_timeout = ${LIST_QUERY_TIMEOUT_MS}`);
      await client.query(text);
      await client.query('commit');
    } finally {
      client.release();
    }
  };
  return () =>
    Promise.all([
      pool.query(capped('order_generation', "progress = 'failed'")),
      searched(
        capped(
          'delivery',
          `progress = 'failed' and not coalesce(error ~* ${pattern}, false) and ${notResent}`,
        ),
      ),
      searched(capped('delivery', `progress = 'failed' and error ~* ${pattern} and ${notResent}`)),
      (async () => {
        await pool.query(
          `update upgrade_session set status = 'expired', updated_at = now()
           where status = 'offered' and offer_valid_until <= now()`,
        );
        await pool.query(
          capped(
            'upgrade_session',
            `status = 'offered' and offer_valid_until
              < ((now() at time zone 'Europe/Berlin')::date + ${EXPIRING_OFFER_DAYS + 1})::timestamp at time zone 'Europe/Berlin'`,
          ),
        );
      })(),
    ]);
}

/** A figure's sums by hand: the tally's rows of its measures, summed per bucket in one query. */
function figureFloor(pool: Pool, data: OverviewFigureData): () => Promise<unknown> {
  const definition = figureDefinition(data.figure);
  const values = [
    data.buckets[0]!.start,
    data.buckets.at(-1)!.end,
    data.granularity,
    definition.series.map((series) => series.measure),
    definition.cumulative,
  ];
  return () =>
    pool.query(
      `select measure,
         case when day < $1::date then null else to_char(date_trunc($3, day::timestamp), 'YYYY-MM-DD') end as bucket,
         sum(amount)::bigint as amount, count(*) filter (where not folded)::int as unfolded
       from overview_tally
       where measure = any($4::text[]) and day <= $2::date and (day >= $1::date or $5)
       group by 1, 2`,
      values,
    );
}

/** The bucket (its first day, `YYYY-MM-DD`) of an instant column, on the Berlin calendar. */
const bucketOf = (column: string, granularity: string) =>
  `to_char(date_trunc('${granularity}', (${column} at time zone 'Europe/Berlin')::date::timestamp), 'YYYY-MM-DD')`;
/** From the first day's start to the last day's end in Berlin ($1, $2). */
const within = (column: string) =>
  `${column} >= $1::date::timestamp at time zone 'Europe/Berlin'
   and ${column} < ($2::date + 1)::timestamp at time zone 'Europe/Berlin'`;

/**
 * Each figure computed from the rows themselves, without the tally: `bucket, key, value` per bucket
 * and series ($1 first day, $2 last day; the campaign's levels at each bucket's end).
 */
function groupedByRows(figure: OverviewFigure, granularity: string): string {
  const bucket = (column: string) => bucketOf(column, granularity);
  switch (figure) {
    case 'orders':
      return `select ${bucket('created_at')} as bucket, purchase_type as key, count(*) as value
        from order_generation where purchase_type is not null and ${within('created_at')} group by 1, 2`;
    case 'revenue':
      return `select ${bucket('created_at')} as bucket, 'revenue' as key, sum((shop_order ->> 'netTotal')::bigint) as value
        from order_generation where jsonb_typeof(shop_order -> 'netTotal') = 'number' and ${within('created_at')}
        group by 1, 2`;
    case 'licenses':
      return `select ${bucket('created_at')} as bucket, class as key, count(*) as value
        from license where ${within('created_at')} group by 1, 2`;
    case 'downloads':
      return `select ${bucket('created_at')} as bucket, object as key, count(*) as value
        from download where ${within('created_at')} group by 1, 2`;
    case 'offers':
      return `select ${bucket('offered_at')} as bucket, outcome.key, count(*) as value
        from upgrade_session, lateral (values ('created', true),
          ('ordered', status in ('purchased', 'in-progress', 'completed', 'failed')),
          ('expired', status = 'expired')) as outcome (key, applies)
        where outcome.applies and ${within('offered_at')} group by 1, 2`;
    case 'campaign':
      // A version 8 license waits from its creation (unless disabled without a successor) until its
      // successor's creation, then counts as updated: changes per bucket (those before the period
      // in its first), summed up to each bucket's end.
      return `with v8 as (
          select waiting.created_at, successor.created_at as updated_at
          from license as waiting left join license as successor on successor.id = waiting.updated_to_license
          where waiting.version = '8' and (waiting.status <> 'disabled' or waiting.updated_to_license is not null)
        ), changes as (
          select created_at as at, 1 as waiting, 0 as updated from v8
          union all select updated_at, -1, 1 from v8 where updated_at is not null
        ), per_bucket as (
          select greatest(${bucket('at')}, $1) as bucket, sum(waiting) as waiting, sum(updated) as updated
          from changes where at < ($2::date + 1)::timestamp at time zone 'Europe/Berlin' group by 1
        ), levels as (
          select to_char(start, 'YYYY-MM-DD') as bucket,
            sum(coalesce(waiting, 0)) over (order by start) as waiting,
            sum(coalesce(updated, 0)) over (order by start) as updated
          from generate_series($1::date, $2::date, interval '1 ${granularity}') as start
            left join per_bucket on per_bucket.bucket = to_char(start, 'YYYY-MM-DD')
        )
        select bucket, level.key, level.value from levels,
          lateral (values ('waiting', waiting), ('updated', updated)) as level (key, value)`;
  }
}

/** The bucket values of the API's answer and of the rows' GROUP BY, as comparable text. */
function sameFigures(
  data: OverviewFigureData,
  rows: { bucket: string; key: string; value: string }[],
): boolean {
  const byRows = new Map(rows.map((row) => [`${row.bucket} ${row.key}`, Number(row.value)]));
  return data.buckets.every((bucket) =>
    Object.entries(bucket.values).every(
      ([key, value]) => (byRows.get(`${bucket.start} ${key}`) ?? 0) === value,
    ),
  );
}

async function signedIn(app: FastifyInstance): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/admin', payload: ADMIN });
  return { authorization: `Bearer ${(response.json() as { data: { token: string } }).data.token}` };
}

const HEADER = [
  'request'.padEnd(22),
  'service p50/p95'.padStart(16),
  'raw SQL p50/p95'.padStart(16),
  'ratio p95'.padStart(9),
  'API p50/p95'.padStart(17),
].join(' ');

/**
 * Asks each case of the page three ways, in turns: the overview service (what computes the figure),
 * its raw SQL, and the API over HTTP (`inject`: the admin guard's lookup, zod, JSON besides). The
 * service's p95 is held to 2× the raw SQL's, the API's to the page's 200 ms.
 */
async function benchOverview(app: FastifyInstance, pool: Pool): Promise<void> {
  const headers = await signedIn(app);
  const ask = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { data: unknown };
  };
  const { overview } = app.services;
  const answers = new Map<string, OverviewFigureData>();
  const cases = (period: OverviewPeriod) => [
    {
      name: 'attention',
      service: () => overview.attention(),
      raw: attentionFloor(pool),
      api: () => ask('/api/v1/overview/attention'),
    },
    ...OVERVIEW_FIGURE_NAMES.map((figure) => ({
      name: `${figure} ${period}`,
      service: () => overview.figure(figure, period),
      raw: figureFloor(pool, answers.get(`${figure} ${period}`)!),
      api: () => ask(`/api/v1/overview/figure/${figure}?period=${period}`),
    })),
  ];
  for (const period of OVERVIEW_PERIODS) {
    for (const figure of OVERVIEW_FIGURE_NAMES) {
      answers.set(`${figure} ${period}`, await overview.figure(figure, period));
    }
  }

  console.log(HEADER);
  let ok = 0;
  let measured = 0;
  const report = async (name: string, workloads: (() => Promise<unknown>)[]) => {
    const [service, raw, api] = (await timedInTurns(workloads, ROUNDS)) as [Timing, Timing, Timing];
    const ratio = service.p95 / raw.p95;
    const within = ratio <= TARGET.ratio && api.p95 <= TARGET.pageP95Ms;
    measured++;
    if (within) ok++;
    console.log(
      [
        name.padEnd(22),
        ms(service).padStart(16),
        ms(raw).padStart(16),
        ` ${ratio.toFixed(2)}×`.padStart(9),
        ms(api).padStart(17),
        within ? 'ok' : 'ABOVE TARGET',
      ].join(' '),
    );
  };
  for (const period of OVERVIEW_PERIODS) {
    const all = cases(period);
    for (const entry of period === OVERVIEW_PERIODS[0] ? all : all.slice(1)) {
      await report(entry.name, [entry.service, entry.raw, entry.api]);
    }
    // The page as it opens: its seven requests at once.
    const atOnce = (key: 'service' | 'raw' | 'api') => () => Promise.all(all.map((entry) => entry[key]()));
    await report(`whole page ${period}`, [atOnce('service'), atOnce('raw'), atOnce('api')]);
  }
  console.log(
    `${ok} of ${measured} within ${TARGET.ratio}× the raw SQL (service) and ${TARGET.pageP95Ms} ms (API) at p95`,
  );

  console.log(
    `\nThe same figures by GROUP BY over the rows (no tally), ${ROW_ROUNDS} runs each: p50/max, equal?`,
  );
  let equal = 0;
  for (const period of OVERVIEW_PERIODS) {
    for (const figure of OVERVIEW_FIGURE_NAMES) {
      const data = answers.get(`${figure} ${period}`)!;
      const text = groupedByRows(figure, PERIOD_SPANS[period].granularity);
      const times: number[] = [];
      let rows: { bucket: string; key: string; value: string }[] = [];
      for (let round = 0; round < ROW_ROUNDS; round++) {
        const started = performance.now();
        rows = (await pool.query(text, [data.buckets[0]!.start, data.buckets.at(-1)!.end])).rows;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const same = sameFigures(data, rows);
      if (same) equal++;
      console.log(
        `${`${figure} ${period}`.padEnd(24)} ${times[Math.floor(ROW_ROUNDS / 2)]!.toFixed(0).padStart(6)}/${times.at(-1)!.toFixed(0)} ms  ${same ? 'equal' : 'DIFFERENT'}`,
      );
    }
  }
  console.log(
    `${equal} of ${OVERVIEW_PERIODS.length * OVERVIEW_FIGURE_NAMES.length} figures equal to the rows' GROUP BY`,
  );
}

export async function run(): Promise<void> {
  const server = await benchDatabase('overview');
  if (!server) {
    console.log('Overview bench: no PostgreSQL server reachable (BENCH_DATABASE_URL), skipped.');
    return;
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-overview-'));
  const database = await openDatabase({ databaseUrl: server.url });
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.db);
    const started = performance.now();
    await generateLicenses(database.db);
    await generateBusiness(database.db);
    // What autovacuum does after a bulk load: statistics and the visibility map of index-only scans.
    await execute(database.db, 'vacuum analyze');
    const seeded = (performance.now() - started) / 1000;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: directory, WORKER: 'off' });
    app = await buildApp({ config, database, jwtSecret: 'bench-overview-'.repeat(4) });
    await createOrResetAdmin(new AdminRepository(database.db), ADMIN.username, ADMIN.password);
    // The first reader folds the bulk load's tally rows; then today's rows pile up again.
    await app.services.overview.figure('campaign', '12m');
    await today(database.db);
    console.log(
      `\nOverview, PostgreSQL, ${LICENSES.toLocaleString('de-DE')} licenses, ${ORDERS.toLocaleString('de-DE')} orders ` +
        `and deliveries, ${OFFERS.toLocaleString('de-DE')} offers, ${DOWNLOADS.toLocaleString('de-DE')} downloads ` +
        `(generated in ${seeded.toFixed(1)} s), ${ROUNDS} rounds each`,
    );
    await benchOverview(app, database.pool!);
  } finally {
    await app?.close();
    await database.close();
    await server.drop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
