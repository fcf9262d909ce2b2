import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { errorOf, useSecondApp, useTestApp } from '../../test/app.ts';
import { MAIL_BUDGETS } from './mail-budgets.ts';
import { bearer, schoolBilling, sessionHelpers } from './test-helpers.ts';

// Jobs stay queued: an offer's mail is its delivery row, made in the offer's transaction.
const ctx = useTestApp();
const { newPurchase, created } = sessionHelpers(ctx);

/** A second server process on the same database. */
const second = useSecondApp(ctx);

const [recipientPerHour, recipientPerDay, clientPerDay, clientDomainPerDay] = MAIL_BUDGETS.map(
  (limit) => limit.max,
) as [number, number, number, number];

const billing = (email: string, name = schoolBilling().name) => ({ ...schoolBilling(), name, email });

/** Creates a session and asks for its offer, both from `remoteAddress` (through `app`). */
async function offer(email: string, remoteAddress: string, app: FastifyInstance = ctx.app, name?: string) {
  const { session, token } = await created(newPurchase());
  return app.inject({
    method: 'POST',
    url: `/api/v1/upgrade-session/${session._id}/offer`,
    headers: bearer(token),
    remoteAddress,
    payload: { billing: billing(email, name), shipToDifferentAddress: false, shipping: null },
  });
}

/** The offer mails made (deliveries of the occasion `offer`), by recipient. */
async function offerMails(): Promise<string[]> {
  const { rows } = await sql<{ recipient: string }>`
    select recipient from delivery where occasion = 'offer' order by created_at
  `.execute(ctx.database.db);
  return rows.map((row) => row.recipient);
}

/** Lets an hour pass for the budgets: every counted mail is an hour older. */
async function anHourLater(): Promise<void> {
  await sql`update offer_mail set sent_at = sent_at - interval '61 minutes'`.execute(ctx.database.db);
}

function expectRefused(response: Awaited<ReturnType<typeof offer>>, atMostSeconds: number) {
  expect(errorOf(response)).toMatchObject({ status: 429, code: 'OFFER_LIMIT_REACHED' });
  expect(errorOf(response).message).toMatch(/ab \d\d\.\d\d\.\d\d \d\d:\d\d Uhr/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

describe('offer mails', () => {
  test('one client address gets its daily budget, then 429 with Retry-After; no more mails go out', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= 40; index++) {
      const response = await offer(`einkauf-${index}@schule-${index}.example`, '203.0.113.50');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectRefused(response, 24 * 3600);
    }
    expect(statuses).toEqual([...Array(clientPerDay).fill(200), ...Array(41 - clientPerDay).fill(429)]);
    expect(await offerMails()).toHaveLength(clientPerDay);
    // Another client is not bound by it.
    expect((await offer('einkauf@andere-schule.example', '198.51.100.60')).statusCode).toBe(200);
  }, 120_000);

  test('a recipient flooded from many addresses gets a handful an hour and ten a day', async () => {
    // One mailbox in many spellings: case and a +suffix reach the same inbox.
    const spellings = (index: number) => [`opfer@example.com`, `Opfer+${index}@Example.com`][index % 2]!;
    let address = 0;
    const flood = async (count: number, waitAtMost: number) => {
      const statuses: number[] = [];
      for (let index = 0; index < count; index++) {
        const response = await offer(spellings(index), `198.51.100.${++address}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expectRefused(response, waitAtMost);
      }
      return statuses;
    };
    expect(await flood(recipientPerHour + 3, 3600)).toEqual([
      ...Array(recipientPerHour).fill(200),
      ...Array(3).fill(429),
    ]);
    await anHourLater();
    const perDayLeft = recipientPerDay - recipientPerHour;
    // The hour's budget is open again, the day's holds the rest of the day.
    expect(await flood(perDayLeft + 1, 24 * 3600)).toEqual([...Array(perDayLeft).fill(200), 429]);
    await anHourLater();
    const refused = await offer('opfer@example.com', '192.0.2.1');
    expect(refused.statusCode).toBe(429);
    // Now the daily budget holds it: about a day minus the two hours that passed.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(21 * 3600);
    expect(await offerMails()).toHaveLength(recipientPerDay);
  }, 120_000);

  test('Gmail’s spellings of one inbox share its budget: dots, googlemail.com, a +suffix, case — from one client or many', async () => {
    const spellings = [
      'v.ictimbox@gmail.com',
      'vi.ctimbox@gmail.com',
      'victimbox@googlemail.com',
      'V.I.C.T.I.M.B.O.X@GMAIL.COM',
      'victimbox+angebot@gmail.com',
      'v.i.c.t.i.m.box+2@googlemail.com',
      'victim.box@gmail.com',
      'vic.tim.box@googlemail.com',
      'victimbo.x@gmail.com',
      'Victimbox@Gmail.com',
      'v.ictim.box+3@gmail.com',
      'victimbox@gmail.com',
    ];
    const statuses: number[] = [];
    for (const [index, email] of spellings.entries()) {
      // Half from one address, half from as many addresses.
      const response = await offer(email, index % 2 ? '203.0.113.99' : `198.51.100.${100 + index}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectRefused(response, 3600);
    }
    expect(statuses).toEqual([
      ...Array(recipientPerHour).fill(200),
      ...Array(12 - recipientPerHour).fill(429),
    ]);
    expect(await offerMails()).toHaveLength(recipientPerHour);
  }, 120_000);

  test('one client reaches one domain ten times a day, whatever local parts and subdomains; many clients reach a free-mail domain as often as they ask', async () => {
    // Every address of a catch-all domain may be one inbox: the mailbox budget cannot see it.
    const statuses: number[] = [];
    for (let index = 0; index < clientDomainPerDay + 2; index++) {
      const host = index % 2 ? `post${index}.schule-mit-catch-all.example` : 'schule-mit-catch-all.example';
      const response = await offer(`angebot-${index}@${host}`, '203.0.113.120');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectRefused(response, 24 * 3600);
    }
    expect(statuses).toEqual([...Array(clientDomainPerDay).fill(200), 429, 429]);
    // The client's other domains are not bound by it …
    expect((await offer('einkauf@andere-schule.example', '203.0.113.120')).statusCode).toBe(200);
    // … nor are other clients, also where all share a free-mail domain.
    for (let index = 0; index < clientDomainPerDay + 5; index++) {
      expect((await offer(`lehrerin.${index}@gmx.de`, `192.0.2.${index + 1}`)).statusCode).toBe(200);
    }
    expect(await offerMails()).toHaveLength(clientDomainPerDay + 1 + clientDomainPerDay + 5);
  }, 120_000);

  test('a school ordering offers for three departments to one address, from one address, gets them', async () => {
    for (const department of ['Mathematik', 'Physik', 'Informatik']) {
      const response = await offer(
        'sekretariat@schule.example',
        '203.0.113.70',
        ctx.app,
        `Schule, ${department}`,
      );
      expect(response.statusCode).toBe(200);
    }
    expect(await offerMails()).toEqual(Array(3).fill('sekretariat@schule.example'));
  });

  test('the budgets hold across server processes, also for parallel requests', async () => {
    const apps = [ctx.app, second.app];
    const parallel = await Promise.all(
      Array.from({ length: recipientPerHour + 5 }, (_, index) =>
        offer('parallel@example.com', `192.0.2.${index + 10}`, apps[index % 2]),
      ),
    );
    const statuses = parallel.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(recipientPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await offerMails()).toHaveLength(recipientPerHour);
  }, 120_000);

  test('a refused offer changes nothing: the session stays open, nothing is counted or mailed', async () => {
    for (let index = 0; index < recipientPerHour; index++) {
      expect((await offer('voll@example.com', `192.0.2.${index + 100}`)).statusCode).toBe(200);
    }
    const { session, token } = await created(newPurchase());
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/upgrade-session/${session._id}/offer`,
      headers: bearer(token),
      remoteAddress: '192.0.2.200',
      payload: { billing: billing('voll@example.com'), shipToDifferentAddress: false, shipping: null },
    });
    expect(refused.statusCode).toBe(429);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
    });
    expect(read.json().data.session.status).toBe('created');
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from offer_mail where client = '192.0.2.200'
    `.execute(ctx.database.db);
    expect(rows[0]!.count).toBe(0);
    expect(await offerMails()).toHaveLength(recipientPerHour);
  });
});

describe('names in an offer', () => {
  test('a billing name with a line break is refused with a German 400, and nothing is offered', async () => {
    const response = await offer(
      'einkauf@schule.example',
      '203.0.113.80',
      ctx.app,
      'Ihr Konto wird gesperrt.\nBitte bestätigen: http://phish.example/',
    );
    expect(errorOf(response)).toMatchObject({
      status: 400,
      message: 'Das Feld „Firmenname oder Name” darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
    });
    expect(await offerMails()).toEqual([]);
  });
});
