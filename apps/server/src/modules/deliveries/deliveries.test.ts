import { formatLicenseKey } from '@lizenzportal/domain';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { deliveryReader } from './test-helpers.ts';

const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const ctx = useTestApp({
  WORKER: 'inline',
  SMTP_URL: smtp.url,
  MAIL_RETRY_LIMIT: '2',
  MAIL_RETRY_DELAY_SECONDS: '1',
});

const createLicense = (properties: Record<string, unknown> = {}) => ctx.createLicense({ properties });
const bind = (license: { _id: string }, name: string, email: string) =>
  ctx.bindLicense(license, { name, email });

async function sendManually(licenseId: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${licenseId}/delivery`,
    headers: await ctx.adminHeaders(),
    payload,
  });
}

const deliveryOf = deliveryReader(ctx);

describe('sending documents by e-mail', () => {
  test('mails the starter document as a PDF attachment and completes the delivery', async () => {
    smtp.received.length = 0;
    const license = await createLicense();
    const response = await sendManually(license._id, {
      documentType: 'starter',
      recipient: 'kunde@example.com',
      recipientName: 'Zoë Çelik',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data.delivery;
    expect(created).toMatchObject({ progress: 'in-progress', occasion: 'manual', documentType: 'starter' });
    expect(created.subject).toBe('Ihr Startdokument');

    const mail = await eventually(() =>
      smtp.received.find((received) => received.subject === 'Ihr Startdokument'),
    );
    expect(mail.to).toMatchObject({ value: [{ address: 'kunde@example.com', name: 'Zoë Çelik' }] });
    expect(mail.text).toContain(formatLicenseKey(license.key));
    expect(mail.html).toContain('Guten Tag Zoë Çelik,');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `Startdokument_${formatLicenseKey(license.key)}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const delivery = await eventually(async () => {
      const current = await deliveryOf(created._id);
      return current.progress === 'completed' ? current : undefined;
    });
    expect(delivery.documents).toHaveLength(1);
    expect(delivery.sentAt).not.toBeNull();
    expect(delivery.attempts).toBe(1);
  });

  test('a mail server outage is retried: the error is kept, then the delivery completes', async () => {
    smtp.received.length = 0;
    smtp.refusing = true;
    const license = await createLicense();
    const created = (
      await sendManually(license._id, { documentType: 'starter', recipient: 'retry@example.com' })
    ).json().data.delivery;
    const failedOnce = await eventually(async () => {
      const current = await deliveryOf(created._id);
      return current.attempts >= 1 ? current : undefined;
    });
    expect(failedOnce).toMatchObject({ progress: 'in-progress' });
    expect(failedOnce.error).toContain('Mailbox temporarily unavailable');

    smtp.refusing = false;
    const delivered = await eventually(async () => {
      const current = await deliveryOf(created._id);
      return current.progress === 'completed' ? current : undefined;
    });
    expect(delivered.error).toBeNull();
    const recipients = smtp.received.flatMap((mail) =>
      [mail.to ?? []].flat().flatMap((to) => to.value.map((address) => address.address)),
    );
    expect(recipients).toEqual(['retry@example.com']);
  }, 40_000);

  test('after the last retry the delivery fails and keeps the last error', async () => {
    smtp.refusing = true;
    const license = await createLicense();
    const created = (
      await sendManually(license._id, { documentType: 'starter', recipient: 'never@example.com' })
    ).json().data.delivery;
    const failed = await eventually(async () => {
      const current = await deliveryOf(created._id);
      return current.progress === 'failed' ? current : undefined;
    }, 30_000);
    smtp.refusing = false;
    expect(failed.attempts).toBe(3);
    expect(failed.error).toContain('Mailbox temporarily unavailable');
  }, 40_000);

  test('an attempt that finds the handover mark of one that died fails the delivery, visibly, and sends nothing', async () => {
    smtp.received.length = 0;
    const license = await createLicense();
    // What an attempt killed after handing the message to the mail server leaves behind.
    const { id } = await ctx.database.db
      .insertInto('delivery')
      .values({
        document_type: 'starter',
        occasion: 'manual',
        recipient: 'doubt@example.com',
        recipient_name: null,
        licenses: [license._id],
        subject: 'Ihr Startdokument',
        content: '<p>Guten Tag</p>',
        text_content: 'Guten Tag',
        error: null,
        resent_from: null,
        sent_at: null,
        handed_over_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.services.deliveries.send(id);
    const delivery = await deliveryOf(id);
    expect(delivery.progress).toBe('failed');
    expect(delivery.error).toContain('Ob die E-Mail angekommen ist, ist unklar.');
    expect(smtp.received).toEqual([]);
  });

  test('resending creates a new delivery that refers to the original', async () => {
    const license = await createLicense();
    const original = (
      await sendManually(license._id, { documentType: 'starter', recipient: 'again@example.com' })
    ).json().data.delivery;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/delivery/${original._id}`,
      headers: await ctx.adminHeaders(),
    });
    expect(response.statusCode).toBe(201);
    const resent = response.json().data.delivery;
    expect(resent).toMatchObject({
      resentFrom: original._id,
      recipient: 'again@example.com',
      subject: original.subject,
    });
    expect(resent._id).not.toBe(original._id);
  });
});

/** Waits until this many recovery requests have been worked off by their jobs. */
async function recoveryJobsDone(count: number) {
  await eventually(async () => {
    const { rows } = await sql<{ done: number }>`
      select count(*)::int as done from pgboss.job where name = 'recover-licenses' and state = 'completed'
    `.execute(ctx.database.db);
    return rows[0]!.done >= count || undefined;
  });
}

describe('license recovery', () => {
  test('mails the license documents of all bound licenses of the address, and says nothing either way', async () => {
    smtp.received.length = 0;
    const [first, second, unbound] = [await createLicense(), await createLicense(), await createLicense()];
    await bind(first, 'Nguyễn Thị Ørsted', 'Orsted@Example.com');
    await bind(second, 'Nguyễn Thị Ørsted', 'orsted@example.com');
    const recover = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/license-recovery', payload: { email } });

    const answer = await recover('ORSTED@example.com');
    expect(answer.statusCode).toBe(202);
    expect((await recover('nobody@example.com')).statusCode).toBe(202);

    const mail = await eventually(() =>
      smtp.received.find((received) => received.subject === 'Ihre Lizenzdokumente'),
    );
    expect(mail.attachments.map((attachment) => attachment.filename).sort()).toEqual(
      [first, second].map((license) => `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`).sort(),
    );
    expect(mail.text).not.toContain(formatLicenseKey(unbound.key));
    await recoveryJobsDone(2);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/delivery?occasion=recovery',
      headers: await ctx.adminHeaders(),
    });
    expect(list.json().data.total).toBe(1);
  });

  test('sends at most three recovery mails per address and hour', async () => {
    const license = await createLicense();
    await bind(license, 'Łukasz Nowak', 'lukasz@example.com');
    for (let request = 0; request < 5; request++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/license-recovery',
        payload: { email: 'lukasz@example.com' },
      });
      expect(response.statusCode).toBe(202);
    }
    await recoveryJobsDone(5);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/delivery?occasion=recovery&recipient=lukasz@example.com',
      headers: await ctx.adminHeaders(),
    });
    expect(list.json().data.total).toBe(3);
  });

  // Recovery jobs for one address run side by side (a batch, several workers): each counts the
  // address's recent mails and adds one, and only the per-address lock keeps them at three. PGlite
  // cannot show that lock: its one connection runs transactions one after another anyway (decision
  // 002), so this passes there with the lock removed. It runs on PostgreSQL, where it fails without it.
  test.runIf(onPostgres)('five recoveries for one address at once still send three mails', async () => {
    const license = await createLicense();
    await bind(license, 'Jana Gleichzeitig', 'gleichzeitig@example.com');
    await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.services.deliveries.recover('gleichzeitig@example.com')),
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/delivery?occasion=recovery&recipient=gleichzeitig@example.com',
      headers: await ctx.adminHeaders(),
    });
    expect(list.json().data.total).toBe(3);
  });

  test('refuses an invalid address with a German 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license-recovery',
      payload: { email: 'x' },
    });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      message: 'Die Angabe für das Feld „E-Mail” ist ungültig.',
    });
  });
});

describe('delivery API', () => {
  test('lists the deliveries of a license and needs an admin', async () => {
    const license = await createLicense();
    await sendManually(license._id, { documentType: 'starter', recipient: 'a@example.com' });
    const headers = await ctx.adminHeaders();
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/delivery`,
      headers,
    });
    expect(own.json().data.deliveries).toHaveLength(1);
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/delivery?licenses=${license._id}&documentType=starter`,
      headers,
    });
    expect(filtered.json().data.total).toBe(1);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/delivery' });
    expect(errorOf(anonymous).status).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/delivery/7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e',
      headers,
    });
    expect(errorOf(unknown).status).toBe(404);
  });

  test('lists the deliveries of an order generation; an unknown one is a 404', async () => {
    const license = await createLicense();
    const order = await ctx.database.db
      .insertInto('order_generation')
      .values({ order_number: '4711' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.app.services.deliveries.create({
      occasion: 'order',
      documentType: 'starter',
      licenseIds: [license._id],
      recipient: 'verwaltung@foerderzentrum.example',
      recipientName: 'Erika Mustermann',
      orderGeneration: order.id,
    });
    const headers = await ctx.adminHeaders();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/order-generation/${order.id}/delivery`,
      headers,
    });
    expect(response.json().data.deliveries).toMatchObject([{ occasion: 'order', orderGeneration: order.id }]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/order-generation/7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e/delivery',
      headers,
    });
    expect(errorOf(unknown)).toMatchObject({
      status: 404,
      message: 'Die Shop-Generierung wurde nicht gefunden.',
    });
  });

  test('a license document can be mailed only for a bound license; the holder is the default recipient', async () => {
    const license = await createLicense();
    const refused = await sendManually(license._id, { documentType: 'license' });
    expect(errorOf(refused).status).toBe(400);
    const notBound = await sendManually(license._id, { documentType: 'license', recipient: 'x@example.com' });
    expect(errorOf(notBound).status).toBe(409);
    await bind(license, 'Schule am Park Berlin', 'it@schule.example');
    const sent = await sendManually(license._id, { documentType: 'license' });
    expect(sent.json().data.delivery).toMatchObject({
      recipient: 'it@schule.example',
      recipientName: 'Schule am Park Berlin',
    });
  });
});
