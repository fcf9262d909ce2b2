import type { License } from '@lizenzportal/domain';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const ctx = useTestApp({ WORKER: 'inline', SMTP_URL: smtp.url });

beforeEach(() => {
  smtp.received.length = 0;
});

const OLD = { contact: 'Jonas Çelik', email: 'verwaltung@schule.example' };
const NEW = { contact: 'Zoë Øberg', email: 'sekretariat@foerderschule.example' };

/** A pro license bound by its user to an organization; its holder's sign-in header. */
async function boundLicense(): Promise<{ license: License; headers: { authorization: string } }> {
  const created = await ctx.createLicense({ properties: { class: 'pro', size: 10 } });
  const startHeaders = await signIn(created.key, created.startCode);
  const bound = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${created._id}/holder`,
    headers: startHeaders,
    payload: {
      holderType: 'organization',
      name: 'Förderschule am Stadtpark',
      ...OLD,
      emailConfirmation: OLD.email,
    },
  });
  expect(bound.statusCode).toBe(200);
  const license = bound.json().data.license as License;
  // The binding's mail is out (it would make a missing license document when it is sent).
  await eventually(() => smtp.received.find((mail) => mail.subject?.startsWith('Ihre Lizenz ist gebunden')));
  return { license, headers: await signIn(license.key, license.authenticationCode) };
}

async function signIn(key: string, authenticationCode: string): Promise<{ authorization: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key, authenticationCode },
  });
  return { authorization: `Bearer ${response.json().data.token}` };
}

function requestChange(
  license: License,
  headers: { authorization: string },
  change: { contact?: string; email: string; emailConfirmation?: string } = NEW,
  remoteAddress = '198.51.100.7',
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${license._id}/contact-change`,
    headers,
    remoteAddress,
    payload: { emailConfirmation: change.email, ...change },
  });
}

/** The token of the newest confirmation link mailed to `address`, read from the mail as received. */
async function linkMailedTo(address: string, count = 1): Promise<string> {
  const mails = await eventually(() => {
    const found = smtp.received.filter(
      (mail) =>
        mail.subject === 'Bitte bestätigen Sie Ihre neuen Kontaktdaten' &&
        mail.to &&
        'value' in mail.to &&
        mail.to.value[0]?.address === address,
    );
    return found.length >= count ? found : undefined;
  });
  const mail = mails.at(-1)!;
  const match = /\/kontakt-bestaetigen\?link=([^\s"<]+)/.exec(mail.text ?? '');
  // The HTML part links the same page with a button's words.
  expect(mail.html).toContain(`kontakt-bestaetigen?link=${match![1]!}">Änderung bestätigen</a>`);
  return decodeURIComponent(match![1]!);
}

const view = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/contact-change?token=${encodeURIComponent(token)}` });
const confirm = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/contact-change/confirm', payload: { token } });

async function holderOf(license: License) {
  const row = await ctx.app.services.licenses.findById(license._id);
  return { contact: row!.holder_contact, email: row!.holder_email, name: row!.holder_name };
}

describe('a holder changes the contact by a confirmation link', () => {
  test('the link mailed to the new address shows the change, its confirmation changes it and tells the old address; audited', async () => {
    const { license, headers } = await boundLicense();
    const requested = await requestChange(license, headers);
    expect(requested.statusCode).toBe(202);
    expect(requested.json().data.contactChange).toMatchObject({
      holderName: 'Förderschule am Stadtpark',
      ...NEW,
    });
    // Nothing changes before the link is confirmed.
    expect(await holderOf(license)).toMatchObject(OLD);

    const token = await linkMailedTo(NEW.email);
    const shown = await view(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.contactChange).toMatchObject({
      holderName: 'Förderschule am Stadtpark',
      ...NEW,
    });
    // Reading the link (a mail scanner following it) changes nothing.
    expect((await view(token)).statusCode).toBe(200);
    expect(await holderOf(license)).toMatchObject(OLD);

    const documentBefore = await eventually(
      async () => (await ctx.app.services.licenses.findById(license._id))?.license_document ?? undefined,
    );
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(await holderOf(license)).toEqual({ ...NEW, name: 'Förderschule am Stadtpark' });
    // The license document names the contact: a new one is made.
    const documentOf = async () =>
      (await ctx.app.services.licenses.findById(license._id))?.license_document ?? undefined;
    await eventually(async () => {
      const current = await documentOf();
      return current && current !== documentBefore ? current : undefined;
    });
    // The holder name, the sign-in credential, still signs in.
    expect((await signIn(license.key, 'Förderschule am Stadtpark')).authorization).toMatch(/^Bearer ey/);

    const notice = await eventually(() =>
      smtp.received.find((mail) => mail.subject === 'Die Kontaktdaten Ihrer Lizenz wurden geändert'),
    );
    expect(notice.to).toMatchObject({ value: [{ address: OLD.email }] });
    expect(notice.text).toContain(`E-Mail: ${NEW.email}`);
    expect(notice.attachments).toEqual([]);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/audit`,
      headers: await ctx.adminHeaders(),
    });
    const entry = audit.json().data.entries.find((e: { action: string }) => e.action === 'contact-changed');
    expect(entry).toMatchObject({
      actor: `Lizenz ${license._id}`,
      changes: expect.arrayContaining([
        { field: 'holder.email', before: OLD.email, after: NEW.email },
        { field: 'holder.contact', before: OLD.contact, after: NEW.contact },
      ]),
    });
    expect(entry.changes).toHaveLength(2);
  });

  test('a used link is refused, and so is its page; its mails are not resent', async () => {
    const { license, headers } = await boundLicense();
    await requestChange(license, headers);
    const token = await linkMailedTo(NEW.email);
    expect((await confirm(token)).statusCode).toBe(200);
    for (const response of [await confirm(token), await view(token)]) {
      expect(errorOf(response)).toMatchObject({ status: 409, code: 'CONTACT_LINK_USED' });
    }
    // Its mails hold what was asked then: the back office does not send them again.
    const { rows } = await sql<{ id: string }>`
      select id from delivery where occasion in ('contact-confirmation', 'contact-changed')
    `.execute(ctx.database.db);
    expect(rows).toHaveLength(2);
    for (const { id } of rows) {
      const resent = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/delivery/${id}`,
        headers: await ctx.adminHeaders(),
      });
      expect(errorOf(resent)).toMatchObject({
        status: 409,
        message: 'Die E-Mails einer Kontaktänderung werden nicht erneut gesendet.',
      });
    }
  });

  test('an expired link is refused with a German reason; the contact stays', async () => {
    const { license, headers } = await boundLicense();
    await requestChange(license, headers);
    const token = await linkMailedTo(NEW.email);
    await sql`update holder_contact_change set expires_at = now() - interval '1 second'`.execute(
      ctx.database.db,
    );
    for (const response of [await view(token), await confirm(token)]) {
      expect(errorOf(response)).toMatchObject({ status: 410, code: 'CONTACT_LINK_EXPIRED' });
      expect(errorOf(response).message).toContain('24 Stunden gültig');
    }
    expect(await holderOf(license)).toMatchObject(OLD);
  });

  test('a forged or altered link is refused; a newer request replaces the pending one', async () => {
    const { license, headers } = await boundLicense();
    await requestChange(license, headers);
    const token = await linkMailedTo(NEW.email);
    const [id, mac] = token.split('.') as [string, string];
    const forged = [
      `${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `${crypto.randomUUID()}.${mac}`,
      id,
      'kaputt',
    ];
    for (const link of forged) {
      expect(errorOf(await confirm(link)).code).toBe('CONTACT_LINK_INVALID');
      expect(errorOf(await view(link))).toMatchObject({ status: 404, code: 'CONTACT_LINK_INVALID' });
    }
    expect(await holderOf(license)).toMatchObject(OLD);

    const newer = { contact: 'Maja Nowak', email: 'maja@foerderschule.example' };
    expect((await requestChange(license, headers, newer)).statusCode).toBe(202);
    expect(errorOf(await confirm(token))).toMatchObject({ status: 410, code: 'CONTACT_LINK_REPLACED' });
    expect((await confirm(await linkMailedTo(newer.email))).statusCode).toBe(200);
    expect(await holderOf(license)).toMatchObject(newer);
  });
});

describe('what a contact change refuses', () => {
  test('an unbound license has no contact to change; nor has another license', async () => {
    const unbound = await ctx.createLicense();
    const response = await requestChange(unbound, await signIn(unbound.key, unbound.startCode));
    expect(errorOf(response)).toMatchObject({ status: 409, code: 'LICENSE_NOT_BOUND' });
    const { headers } = await boundLicense();
    expect(errorOf(await requestChange(unbound, headers)).status).toBe(403);
    const { rows } = await sql`select id from holder_contact_change`.execute(ctx.database.db);
    expect(rows).toEqual([]);
  });

  test('the form rules: nothing changed, a confirmation that does not match', async () => {
    const { license, headers } = await boundLicense();
    const unchanged = await requestChange(license, headers, { ...OLD, emailConfirmation: '' });
    expect(errorOf(unchanged)).toMatchObject({ status: 400, message: expect.stringContaining('bisherigen') });
    const mismatch = await requestChange(license, headers, { ...NEW, emailConfirmation: 'andere@x.example' });
    expect(errorOf(mismatch).status).toBe(400);
  });

  test('confirmation mails draw on the offer mails’ budget: over it, 429 CONTACT_MAIL_LIMIT_REACHED', async () => {
    const { license, headers } = await boundLicense();
    // Offers already mailed this hour to the new address count as well (decision 034's budgets).
    await sql`
      insert into offer_mail (client, recipient, recipient_domain)
      select '203.0.113.9', ${NEW.email}, 'foerderschule.example' from generate_series(1, 4)
    `.execute(ctx.database.db);
    expect((await requestChange(license, headers)).statusCode).toBe(202);
    const refused = await requestChange(license, headers);
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'CONTACT_MAIL_LIMIT_REACHED' });
    expect(errorOf(refused).message).toMatch(
      /Ab \d\d\.\d\d\.\d\d \d\d:\d\d Uhr können wir Ihnen wieder einen Bestätigungslink senden/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused request left its predecessor pending: its link still works.
    expect((await confirm(await linkMailedTo(NEW.email))).statusCode).toBe(200);
  });
});
