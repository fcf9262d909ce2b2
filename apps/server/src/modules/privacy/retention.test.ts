import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { parseScrape, sampleValue } from '../metrics/test-scrape.ts';
import { bearer, schoolBilling, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { nextRetentionRun } from './jobs.ts';

const METRICS_TOKEN = 'retention-test-metrics-token-0123456789';
// Jobs stay queued: the test runs the retention itself, with the clock set forward.
const ctx = useTestApp({ METRICS_TOKEN });
const { newPurchase, created } = sessionHelpers(ctx);

const DAY = 86_400_000;
const after = (start: Date, days: number) => new Date(start.getTime() + days * DAY);
const run = (now: Date) => ctx.app.services.retention.run(now);
const db = () => ctx.database.db;

/** A new purchase offered to a school: the session's id and its offer's end. */
async function offered(email = 'einkauf@schule.example') {
  const { session, token } = await created(newPurchase());
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/upgrade-session/${session._id}/offer`,
    headers: bearer(token),
    payload: { billing: { ...schoolBilling(), email }, shipToDifferentAddress: false, shipping: null },
  });
  expect(response.statusCode).toBe(200);
  // The offer's PDF, as its job would have stored it.
  const key = `offers/${session._id}.pdf`;
  await ctx.app.services.storage.put(key, Buffer.from('%PDF-1.7 offer'), 'application/pdf');
  await db()
    .updateTable('upgrade_session')
    .set({ offer_document: key })
    .where('id', '=', session._id)
    .execute();
  const row = await sessionRow(session._id);
  return { id: session._id, validUntil: row.offer_valid_until!, key };
}

const sessionRow = (id: string) =>
  db().selectFrom('upgrade_session').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function offerMails(sessionId: string) {
  return db().selectFrom('delivery').select('id').where('upgrade_session', '=', sessionId).execute();
}

describe('the retention job', () => {
  test('reduces a session never ordered to its statistics exactly when its period is over, nothing of an ordered one', async () => {
    const { offerDays } = ctx.config.retention;
    const open = await offered();
    const ordered = await offered('bestellt@schule.example');
    await db()
      .updateTable('upgrade_session')
      .set({ status: 'completed', order_id: '4711' })
      .where('id', '=', ordered.id)
      .execute();
    const orderedBefore = await sessionRow(ordered.id);

    // A day before its period ends, the unordered offer keeps everything.
    expect((await run(after(open.validUntil, offerDays - 1)))['offer-data']).toBe(0);
    expect((await sessionRow(open.id)).billing).toMatchObject({ email: 'einkauf@schule.example' });
    expect(await offerMails(open.id)).toHaveLength(1);

    const removed = await run(after(open.validUntil, offerDays + 1));
    expect(removed['offer-data']).toBe(1);
    const reduced = await sessionRow(open.id);
    expect(reduced.billing).toEqual({ countryCode: 'DE' });
    expect(reduced).toMatchObject({ shipping: null, holder: null, offer_document: null, status: 'offered' });
    expect(reduced.personal_data_removed_at).not.toBeNull();
    // What the statistics need stays: type, products, offer number and dates.
    expect(reduced).toMatchObject({
      purchase_type: 'new',
      properties: { class: 'pro', size: 10, dvdCount: 1 },
    });
    expect(reduced.offer_number).not.toBeNull();
    expect(await ctx.app.services.storage.exists(open.key)).toBe(false);
    expect(await offerMails(open.id)).toHaveLength(0);

    // The ordered session is the contract: untouched, its PDF and mail too.
    expect(await sessionRow(ordered.id)).toEqual(orderedBefore);
    expect(await ctx.app.services.storage.exists(ordered.key)).toBe(true);
    expect(await offerMails(ordered.id)).toHaveLength(1);

    // A second run finds nothing left.
    expect((await run(after(open.validUntil, offerDays + 2)))['offer-data']).toBe(0);
  });

  test('a session left without an offer counts from its last change', async () => {
    const { offerDays } = ctx.config.retention;
    const { session } = await created(newPurchase());
    const { updated_at: changed } = await sessionRow(session._id);
    expect((await run(after(changed, offerDays - 1)))['offer-data']).toBe(0);
    expect((await run(after(changed, offerDays + 1)))['offer-data']).toBe(1);
    expect((await sessionRow(session._id)).personal_data_removed_at).not.toBeNull();
  });

  test('removes the text of sent mails after their period and keeps the record, and a license and its holder', async () => {
    const { mailTextDays } = ctx.config.retention;
    const license = await ctx.bindLicense(await ctx.createLicense(), {
      name: 'Schule am Hang',
      email: 'sekretariat@schule.example',
    });
    const delivery = await ctx.app.services.deliveries.create({
      occasion: 'manual',
      documentType: 'license',
      licenseIds: [license._id],
      recipient: 'sekretariat@schule.example',
      recipientName: 'Schule am Hang',
    });
    const waiting = await ctx.app.services.deliveries.create({
      occasion: 'manual',
      documentType: 'license',
      licenseIds: [license._id],
      recipient: 'sekretariat@schule.example',
      recipientName: 'Schule am Hang',
    });
    await db()
      .updateTable('delivery')
      .set({ progress: 'completed', sent_at: new Date() })
      .where('id', '=', delivery._id)
      .execute();
    const { updated_at: sent } = await db()
      .selectFrom('delivery')
      .select('updated_at')
      .where('id', '=', delivery._id)
      .executeTakeFirstOrThrow();
    const licenseBefore = await db()
      .selectFrom('license')
      .selectAll()
      .where('id', '=', license._id)
      .executeTakeFirstOrThrow();

    expect((await run(after(sent, mailTextDays - 1)))['mail-text']).toBe(0);
    const removed = await run(after(sent, mailTextDays + 1));
    expect(removed['mail-text']).toBe(1);
    const rows = await db().selectFrom('delivery').selectAll().orderBy('created_at').execute();
    const [sentRow, waitingRow] = [
      rows.find((row) => row.id === delivery._id)!,
      rows.find((row) => row.id === waiting._id)!,
    ];
    expect(sentRow).toMatchObject({ content: '', text_content: '', recipient: 'sekretariat@schule.example' });
    expect(sentRow.subject).not.toBe('');
    expect(sentRow.content_removed_at).not.toBeNull();
    // A mail still on its way keeps its text: the worker sends it.
    expect(waitingRow.content).not.toBe('');
    // The license and its holder stay as long as the license exists.
    const licenseAfter = await db()
      .selectFrom('license')
      .selectAll()
      .where('id', '=', license._id)
      .executeTakeFirstOrThrow();
    expect(licenseAfter).toEqual(licenseBefore);
  });

  test('deletes audit entries after their period, and outbox files of mails past theirs', async () => {
    const { auditDays, mailTextDays } = ctx.config.retention;
    const license = await ctx.createLicense();
    const entries = () =>
      db().selectFrom('audit_entry').select('created_at').where('entity_id', '=', license._id).execute();
    const [{ created_at: written }] = (await entries()) as [{ created_at: Date }];
    expect((await run(after(written, auditDays - 1)))['audit-entries']).toBe(0);
    expect(await entries()).toHaveLength(1);
    expect((await run(after(written, auditDays + 1)))['audit-entries']).toBe(1);
    expect(await entries()).toHaveLength(0);

    const outbox = ctx.config.mail.outboxDir;
    fs.mkdirSync(outbox, { recursive: true });
    const file = path.join(outbox, 'alt.eml');
    fs.writeFileSync(file, 'To: sekretariat@schule.example\r\n\r\nText');
    expect((await run(after(new Date(), mailTextDays - 1)))['mail-text']).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    expect((await run(after(new Date(), mailTextDays + 1)))['mail-text']).toBe(1);
    expect(fs.existsSync(file)).toBe(false);
  });

  test('the throttle stores no address; counters of an earlier release get pseudonyms and still count', async () => {
    const license = await ctx.createLicense();
    const signIn = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/license',
        payload: { key: license.key, authenticationCode: '000000' },
        remoteAddress,
      });
    expect((await signIn('203.0.113.7')).statusCode).toBe(401);
    const clients = async () =>
      (await db().selectFrom('auth_throttle_client').select('client').execute()).map((row) => row.client);
    expect(await clients()).toEqual([expect.stringMatching(/^p:[\w-]{22}$/)]);
    expect(JSON.stringify(await db().selectFrom('auth_throttle_client').selectAll().execute())).not.toContain(
      '203.0.113',
    );

    // An earlier release wrote the address: a client in slow-down, waiting for an hour.
    await sql`
      insert into auth_throttle_client (scope, subject, client, failures, retry_at, expires_at)
      values ('license', ${license.key}, '198.51.100.9', 8, now() + interval '1 hour', now() + interval '365 days')
    `.execute(db());
    expect((await run(new Date()))['client-addresses']).toBeGreaterThanOrEqual(1);
    expect(await clients()).toEqual([expect.stringMatching(/^p:/), expect.stringMatching(/^p:/)]);
    expect((await signIn('198.51.100.9')).statusCode).toBe(429);

    // Counters forgotten (a year after the last failure) are deleted.
    await run(after(new Date(), 364));
    expect(await clients()).toHaveLength(2);
    await run(after(new Date(), 366));
    expect(await clients()).toEqual([]);
  });

  test('offer budgets keep the client address and mailbox for their longest window only', async () => {
    await offered();
    const budgets = () => db().selectFrom('offer_mail').selectAll().execute();
    expect(await budgets()).toHaveLength(1);
    expect((await run(new Date(Date.now() + 23 * 3_600_000)))['client-addresses']).toBe(0);
    expect((await run(new Date(Date.now() + 25 * 3_600_000)))['client-addresses']).toBe(1);
    expect(await budgets()).toHaveLength(0);
  });

  test('its figures are in the metrics: the last run, what it removed, what is overdue', async () => {
    const open = await offered();
    const scrape = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return parseScrape(response.body);
    };
    let samples = await scrape();
    expect(sampleValue(samples, 'lizenzportal_retention_last_run_timestamp_seconds')).toBe(0);
    // Overdue: the offer ran out longer ago than its period (as if the job had not run).
    await db()
      .updateTable('upgrade_session')
      .set({ offer_valid_until: after(new Date(), -(ctx.config.retention.offerDays + 1)) })
      .where('id', '=', open.id)
      .execute();
    samples = await scrape();
    expect(sampleValue(samples, 'lizenzportal_retention_overdue', { kind: 'offer-data' })).toBe(1);

    await run(new Date());
    samples = await scrape();
    expect(sampleValue(samples, 'lizenzportal_retention_overdue', { kind: 'offer-data' })).toBe(0);
    expect(sampleValue(samples, 'lizenzportal_retention_removed', { kind: 'offer-data' })).toBe(1);
    expect(sampleValue(samples, 'lizenzportal_retention_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
  });

  test('runs daily at 03:00 Berlin time, summer and winter', () => {
    expect(nextRetentionRun(new Date('2026-07-01T00:30:00Z')).toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(nextRetentionRun(new Date('2026-07-01T01:00:00Z')).toISOString()).toBe('2026-07-02T01:00:00.000Z');
    expect(nextRetentionRun(new Date('2026-12-01T10:00:00Z')).toISOString()).toBe('2026-12-02T02:00:00.000Z');
  });
});
