/**
 * The overview's figures against numbers worked out by hand on a seeded set (orders over several
 * weeks through the shop's intake, an offer that expired and ones that were ordered, version 8
 * licenses updated to 9), and what needs attention against the lists it opens.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  berlinTime,
  deliveryFailureMessages,
  licenseCreateSchema,
  OVERVIEW_FIGURES,
  parseAddressFilters,
  toApiFilter,
  toApiQueryString,
  toShopOrder,
  wooCommerceOrderSchema,
  type OverviewFigure,
  type OverviewFigureData,
  type OverviewPeriod,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { errorOf, useTestApp, withDvdCount } from '../../test/app.ts';
import { orderNumbered, paidOrder } from '../shop/test-orders.ts';

const ctx = useTestApp();

/** A Wednesday: its week runs from Monday 16 to Sunday 22 March 2026. */
const TODAY = berlinTime(2026, 3, 18, 15, 0);

/** An instant as a Berlin wall-clock time: `2026-03-16 00:30`. */
function berlin(text: string): Date {
  const [year, month, day, hour = 0, minute = 0] = text.split(/[-\s:]/).map(Number) as number[];
  return berlinTime(year!, month!, day!, hour, minute);
}

async function receiveOrder(number: number, at: string, changes: Partial<WooCommerceOrder>): Promise<void> {
  const order = toShopOrder(wooCommerceOrderSchema.parse(orderNumbered(number, changes)));
  await ctx.app.services.shop.intake.receive(order);
  await sql`update order_generation set created_at = ${berlin(at)} where order_number = ${String(number)}`.execute(
    ctx.database.db,
  );
}

const purchaseType = (type: string) => [{ key: 'purchase_type', value: type }];

async function licenseCreated(at: string, payload: Record<string, unknown>): Promise<string> {
  const [license] = await ctx.app.services.licenses.create(
    licenseCreateSchema().parse(withDvdCount({ generateStarterDocument: false, ...payload })),
    { typeOfEntry: 'manual', entryReference: 'overview-test' },
  );
  await sql`update license set created_at = ${berlin(at)} where id = ${license!._id}`.execute(
    ctx.database.db,
  );
  return license!._id;
}

let offerNumber = 0;
async function offer(at: string, status: string): Promise<string> {
  offerNumber++;
  const { rows } = await sql<{ id: string }>`
    insert into upgrade_session (purchase_type, status, billing, ship_to_different_address, offer_number,
      offer_code, offered_at, offer_valid_until)
    values ('new', ${status}, '{"countryCode": "DE"}', false, ${`A-${offerNumber}`}, ${`code${offerNumber}`},
      ${berlin(at)}, ${new Date(berlin(at).getTime() + 30 * 86_400_000)})
    returning id
  `.execute(ctx.database.db);
  return rows[0]!.id;
}

async function download(license: string, object: 'software' | 'metasearch', at: string): Promise<void> {
  await sql`
    insert into download (license, object, product, version, size, created_at)
    values (${license}, ${object}, ${object === 'software' ? 'software-9' : 'metasearch'}, '9.1', 1000, ${berlin(at)})
  `.execute(ctx.database.db);
}

/**
 * The seeded set. Orders: two new ones this week (one on Monday at 00:30 in Berlin, still Sunday
 * in UTC), an update last week, a reseller order late on Sunday 1 March, an extension in January,
 * and one of a purchase type the portal does not know. Licenses: version 8 ones created long ago,
 * in February and in March, two of them updated to one version 9 license on 11 March, one disabled
 * without an update. Offers: one open, one expired, two ordered, a session without an offer.
 */
async function seed(): Promise<void> {
  await receiveOrder(1001, '2026-03-17 10:00', { total: '528.00', total_tax: '84.30' });
  await receiveOrder(1002, '2026-03-16 00:30', { total: '119.00', total_tax: '19.00' });
  await receiveOrder(1003, '2026-03-10 12:00', {
    total: '39.27',
    total_tax: '6.27',
    meta_data: purchaseType('upgrade'),
  });
  const resellerLines = paidOrder().line_items.map((line) => ({
    ...line,
    meta_data: [{ key: 'license_uid', value: 'r1' }],
  }));
  await receiveOrder(1004, '2026-03-01 23:30', {
    total: '238.00',
    total_tax: '38.00',
    meta_data: [],
    line_items: resellerLines,
  });
  await receiveOrder(1005, '2026-01-05 09:00', {
    total: '59.50',
    total_tax: '9.50',
    meta_data: purchaseType('extension'),
  });
  await receiveOrder(1006, '2026-03-17 11:00', {
    total: '11.90',
    total_tax: '1.90',
    meta_data: purchaseType('gift-card'),
  });

  const pro = await licenseCreated('2026-03-16 08:00', { properties: { class: 'pro', size: 5 } });
  await licenseCreated('2025-06-01 12:00', { version: '8', properties: { class: 'single', size: 1 } });
  const multiple = await licenseCreated('2026-02-24 12:00', {
    version: '8',
    properties: { class: 'multiple', size: 3 },
  });
  const server = await licenseCreated('2025-08-01 12:00', {
    version: '8',
    properties: { class: 'server', size: 1 },
  });
  const personal = await licenseCreated('2026-03-03 12:00', {
    version: '8',
    properties: { class: 'personal', size: 1 },
  });
  const successor = await licenseCreated('2026-03-11 14:00', { properties: { class: 'pro', size: 4 } });
  const { db } = ctx.database;
  for (const updated of [multiple, server]) {
    await db
      .updateTable('license')
      .set({ status: 'disabled', updated_to_license: successor })
      .where('id', '=', updated)
      .execute();
  }
  await db.updateTable('license').set({ status: 'disabled' }).where('id', '=', personal).execute();

  await offer('2026-03-17 09:00', 'offered');
  const expiring = await offer('2026-02-02 09:00', 'offered');
  await offer('2026-02-10 09:00', 'completed');
  await offer('2026-03-03 09:00', 'purchased');
  await sql`
    insert into upgrade_session (purchase_type, billing, ship_to_different_address)
    values ('new', '{"countryCode": "DE"}', false)
  `.execute(ctx.database.db);
  // Its 30 days ran out on 4 March: the offer expires as the back office finds it.
  await ctx.app.services.upgradeSessions.expireOffer(expiring);

  await download(pro, 'software', '2026-03-17 08:00');
  await download(pro, 'software', '2026-03-16 07:00');
  await download(successor, 'metasearch', '2026-03-12 16:00');
}

const figure = (name: OverviewFigure, period: OverviewPeriod) =>
  ctx.app.services.overview.figure(name, period, TODAY);

/** The buckets with any value, as `start: values`. */
function nonZero(data: OverviewFigureData): Record<string, Record<string, number>> {
  return Object.fromEntries(
    data.buckets
      .filter((bucket) => Object.values(bucket.values).some((value) => value !== 0))
      .map((bucket) => [bucket.start, bucket.values]),
  );
}

describe('the figures on the seeded set', () => {
  test('orders per week by purchase type, and per day and month', async () => {
    await seed();
    const weeks = await figure('orders', '26w');
    expect(weeks.granularity).toBe('week');
    expect(weeks.buckets).toHaveLength(26);
    expect(weeks.buckets.at(-1)).toMatchObject({ start: '2026-03-16', end: '2026-03-22' });
    const none = { upgrade: 0, new: 0, extension: 0, reseller: 0 };
    expect(nonZero(weeks)).toEqual({
      '2026-01-05': { ...none, extension: 1 },
      '2026-02-23': { ...none, reseller: 1 },
      '2026-03-09': { ...none, upgrade: 1 },
      '2026-03-16': { ...none, new: 2 },
    });
    expect(nonZero(await figure('orders', '4w'))).toEqual({
      '2026-03-01': { ...none, reseller: 1 },
      '2026-03-10': { ...none, upgrade: 1 },
      '2026-03-16': { ...none, new: 1 },
      '2026-03-17': { ...none, new: 1 },
    });
    expect(nonZero(await figure('orders', '12m'))).toEqual({
      '2026-01-01': { ...none, extension: 1 },
      '2026-03-01': { ...none, new: 2, upgrade: 1, reseller: 1 },
    });
  });

  test('revenue: the net totals in cents, the unknown purchase type included', async () => {
    await seed();
    expect(nonZero(await figure('revenue', '26w'))).toEqual({
      '2026-01-05': { revenue: 5000 },
      '2026-02-23': { revenue: 20_000 },
      '2026-03-09': { revenue: 3300 },
      // 443,70 € + 100,00 € + 10,00 €
      '2026-03-16': { revenue: 55_370 },
    });
    expect(nonZero(await figure('revenue', '12m'))).toEqual({
      '2026-01-01': { revenue: 5000 },
      '2026-03-01': { revenue: 78_670 },
    });
  });

  test('the update campaign: levels at the end of each week, from before the period on', async () => {
    await seed();
    const weeks = (await figure('campaign', '26w')).buckets;
    // The single and server licenses of 2025 wait from the first week on.
    expect(weeks[0]!.values).toEqual({ waiting: 2, updated: 0 });
    const at = (start: string) => weeks.find((bucket) => bucket.start === start)!.values;
    expect(at('2026-02-16')).toEqual({ waiting: 2, updated: 0 });
    expect(at('2026-02-23')).toEqual({ waiting: 3, updated: 0 });
    // The disabled personal license never counts.
    expect(at('2026-03-02')).toEqual({ waiting: 3, updated: 0 });
    expect(at('2026-03-09')).toEqual({ waiting: 1, updated: 2 });
    expect(at('2026-03-16')).toEqual({ waiting: 1, updated: 2 });
  });

  test('offers by the month they were made: created, ordered, expired', async () => {
    await seed();
    expect(nonZero(await figure('offers', '12m'))).toEqual({
      '2026-02-01': { created: 2, ordered: 1, expired: 1 },
      '2026-03-01': { created: 2, ordered: 1, expired: 0 },
    });
  });

  test('licenses per week by class, downloads per week by object', async () => {
    await seed();
    const none = { single: 0, multiple: 0, server: 0, pro: 0, personal: 0 };
    expect(nonZero(await figure('licenses', '26w'))).toEqual({
      '2026-02-23': { ...none, multiple: 1 },
      '2026-03-02': { ...none, personal: 1 },
      '2026-03-09': { ...none, pro: 1 },
      '2026-03-16': { ...none, pro: 1 },
    });
    expect(nonZero(await figure('downloads', '26w'))).toEqual({
      '2026-03-09': { software: 0, metasearch: 1 },
      '2026-03-16': { software: 2, metasearch: 0 },
    });
  });

  test("today's campaign levels are what the license list's filters count", async () => {
    await seed();
    const { buckets } = await ctx.app.services.overview.figure('campaign', '4w');
    const today = buckets.at(-1)!.values;
    const headers = await ctx.adminHeaders();
    for (const series of ['waiting', 'updated'] as const) {
      const { list, filters } = OVERVIEW_FIGURES.campaign.records(series, buckets.at(-1)!, true)!;
      expect(list).toBe('license');
      const query = toApiQueryString({ limit: '0', filters: filters.map(toApiFilter) });
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license?${query}`, headers });
      expect(response.json().data.total, series).toBe(today[series]);
    }
  });
});

describe('GET /api/v1/overview/figure/{figure}', () => {
  test('answers a figure of the period asked for, 26 weeks by default', async () => {
    const headers = await ctx.adminHeaders();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/overview/figure/orders', headers });
    expect(response.statusCode).toBe(200);
    const { figure: data } = response.json().data as { figure: OverviewFigureData };
    expect(data).toMatchObject({ figure: 'orders', period: '26w', granularity: 'week' });
    expect(data.buckets).toHaveLength(26);
    const months = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/overview/figure/revenue?period=12m',
      headers,
    });
    expect(months.json().data.figure.buckets).toHaveLength(12);
  });

  test('refuses unknown figures and periods with a German message; only admins ask', async () => {
    const headers = await ctx.adminHeaders();
    const period = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/overview/figure/orders?period=5y',
      headers,
    });
    expect(period.statusCode).toBe(400);
    expect(errorOf(period).message).toBe('Die Angabe für das Feld „Zeitraum” ist ungültig.');
    const figure = await ctx.app.inject({ method: 'GET', url: '/api/v1/overview/figure/profit', headers });
    expect(figure.statusCode).toBe(400);
    expect(errorOf(figure).message).toBe('Die Angabe für das Feld „Kennzahl” ist ungültig.');
    for (const url of ['/api/v1/overview/figure/orders', '/api/v1/overview/attention']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const license = await ctx.createLicense();
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: license.authenticationCode },
    });
    const licenseHeaders = { authorization: `Bearer ${signIn.json().data.token}` };
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/overview/attention',
      headers: licenseHeaders,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('what needs attention', () => {
  async function delivery(progress: string, error: string | null, resentFrom: string | null = null) {
    const { rows } = await sql<{ id: string }>`
      insert into delivery (progress, document_type, occasion, recipient, licenses, subject, content,
        text_content, error, resent_from)
      values (${progress}, 'starter', 'manual', 'kunde@example.com', ${[crypto.randomUUID()]}::uuid[], 'Betreff',
        '<p>Inhalt</p>', 'Inhalt', ${error}, ${resentFrom})
      returning id
    `.execute(ctx.database.db);
    return rows[0]!.id;
  }

  async function generation(
    number: string,
    progress: string,
    flags: { amountDiffers?: boolean; paidTwiceFor?: string; withdrawal?: string } = {},
  ) {
    await sql`
      insert into order_generation (order_number, progress, amount_differs, paid_twice_for, withdrawal)
      values (${number}, ${progress}, ${flags.amountDiffers ?? false}, ${flags.paidTwiceFor ?? null},
        ${flags.withdrawal ?? null})
    `.execute(ctx.database.db);
  }

  async function offerValidFor(days: number) {
    offerNumber++;
    await sql`
      insert into upgrade_session (purchase_type, status, billing, ship_to_different_address, offer_number,
        offer_code, offered_at, offer_valid_until)
      values ('new', 'offered', '{"countryCode": "DE"}', false, ${`B-${offerNumber}`}, ${`doubt${offerNumber}`},
        now() - interval '20 days', now() + ${days} * interval '1 day')
    `.execute(ctx.database.db);
  }

  test('counts what the lists it opens show, and nothing once all is dealt with', async () => {
    const headers = await ctx.adminHeaders();
    const attention = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/overview/attention', headers })).json().data
        .items as {
        item: string;
        list: string;
        filter: string;
        count: number;
        countExact: boolean;
      }[];
    expect((await attention()).map(({ item, count }) => [item, count])).toEqual([
      ['failedOrderGenerations', 0],
      ['paidTwice', 0],
      ['amountDiffers', 0],
      ['refundedActive', 0],
      ['failedDeliveries', 0],
      ['deliveriesInDoubt', 0],
      ['expiringOffers', 0],
    ]);

    await generation('2001', 'failed');
    await generation('2002', 'failed');
    await generation('2003', 'completed');
    // A second payment is counted as such, not among the failed; a failed one whose amount differs too
    // is counted as failed only.
    await generation('2004', 'failed', { paidTwiceFor: '2001' });
    await generation('2005', 'completed', { amountDiffers: true });
    await generation('2006', 'in-progress', { amountDiffers: true });
    await generation('2007', 'failed', { amountDiffers: true });
    // Refunded with its licenses active; one undone and one withdrawn before it ran are dealt with.
    await generation('2008', 'completed', { withdrawal: 'open' });
    await generation('2009', 'completed', { withdrawal: 'undone' });
    await generation('2010', 'completed', { withdrawal: 'nothing-made' });
    await delivery('failed', 'Mailserver nicht erreichbar');
    const resent = await delivery('failed', '550 Postfach unbekannt');
    await delivery('in-progress', null, resent);
    const inDoubt = `${deliveryFailureMessages.handoverInDoubt} Letzter Fehler davor: Zeitüberschreitung`;
    await delivery('failed', inDoubt);
    await delivery('completed', null);
    await offerValidFor(3);
    await offerValidFor(6.9);
    await offerValidFor(12);
    // Overdue but not expired yet: the list expires it first, so it is not counted.
    await offerValidFor(-1);

    const items = await attention();
    expect(items.map(({ item, count, countExact }) => [item, count, countExact])).toEqual([
      ['failedOrderGenerations', 3, true],
      ['paidTwice', 1, true],
      ['amountDiffers', 2, true],
      ['refundedActive', 1, true],
      ['failedDeliveries', 1, true],
      ['deliveriesInDoubt', 1, true],
      ['expiringOffers', 2, true],
    ]);
    const paths = {
      orderGeneration: 'order-generation',
      delivery: 'delivery',
      upgradeSession: 'upgrade-session',
    };
    for (const { list, filter, count } of items) {
      const query = toApiQueryString({ limit: '0', filters: parseAddressFilters(filter).map(toApiFilter) });
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/${paths[list as keyof typeof paths]}?${query}`,
        headers,
      });
      expect(response.json().data.total, filter).toBe(count);
    }
    expect(items[0]!.filter).toBe('progress~eq~failed__paidTwiceFor~existsnot~');
    expect(items[3]!.filter).toBe('withdrawal~eq~open');
    expect(items[4]!.filter).toBe(
      'progress~eq~failed__error~startswithnot~Die Übergabe an den Mailserver wurde unterbrochen__resent~eq~false',
    );
  });
});
