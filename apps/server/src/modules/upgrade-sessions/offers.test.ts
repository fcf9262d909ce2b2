import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import {
  assistantMessages,
  formatDate,
  formatLicenseKey,
  formatOfferCode,
  upgradeSessionMessages,
} from '@lizenzportal/domain';
import { errorOf, useTestApp } from '../../test/app.ts';
import { otherSpellings } from '../../test/signatures.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { pdfText } from '../documents/test-fixtures.ts';
import { bearer, schoolBilling, sessionHelpers } from './test-helpers.ts';
import { UpgradeSessionRepository } from './repository.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const ctx = useTestApp({ WORKER: 'inline', SMTP_URL: smtp.url });
// Rendering and mailing run in the job worker; the first document also starts the render threads.
const MAIL_TIMEOUT_MS = 45_000;
const { accessTokenOf, newPurchase, created } = sessionHelpers(ctx);

const billing = {
  ...schoolBilling(),
  additional1: 'Verwaltung',
  reference: 'Bestellung 2026/17',
  note: 'Bitte mit Rechnung per Post.',
};
const offerRequest = { billing, shipToDifferentAddress: false, shipping: null };

function createOffer(sessionId: string, token: string, payload: Record<string, unknown> = offerRequest) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/upgrade-session/${sessionId}/offer`,
    headers: bearer(token),
    payload,
  });
}

function loadOffer(offerCode: string, remoteAddress = '203.0.113.10') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/upgrade-session/offer-code',
    payload: { offerCode },
    remoteAddress,
  });
}

/** A new purchase of 10 pro seats and a DVD to Germany, offered: {session, token, offerCode}. */
async function offered() {
  const { session, token } = await created(newPurchase());
  const response = await createOffer(session._id, token);
  expect(response.statusCode).toBe(200);
  const { offerCode } = response.json().data;
  return { session: response.json().data.session, token, offerCode: offerCode as string };
}

describe('creating an offer', () => {
  test('numbers the offer, mails its PDF with prices, code and validity, and freezes the session', async () => {
    smtp.received.length = 0;
    const before = Date.now();
    const { session, token, offerCode } = await offered();
    expect(session).toMatchObject({ status: 'offered', billing: { ...billing, additional2: '' } });
    expect(session.offerNumber).toMatch(/^ANG-\d{4}-\d{5}$/);
    expect(offerCode).toMatch(/^[A-Za-z2-9]{9}$/);
    const validUntil = new Date(session.offerValidUntil).getTime();
    expect(validUntil - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(validUntil - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    const mail = await eventually(
      () => smtp.received.find((received) => received.subject === `Ihr Angebot ${session.offerNumber}`),
      MAIL_TIMEOUT_MS,
    );
    // Whoever asks for an offer types the billing name: the mail does not carry it (the PDF does).
    expect(mail.to).toMatchObject({ value: [{ address: 'schule@example.com', name: '' }] });
    expect(mail.text).toMatch(/^Guten Tag,\n/);
    expect(mail.text).not.toContain(billing.name);
    expect(mail.html).not.toContain(billing.name);
    expect(mail.text).toContain(formatOfferCode(offerCode));
    expect(mail.text).toContain(formatDate(session.offerValidUntil));
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      `Angebot_${session.offerNumber}.pdf`,
    ]);
    const text = await pdfText(mail.attachments[0]!.content);
    for (const expected of [
      session.offerNumber,
      formatOfferCode(offerCode),
      formatDate(session.offerValidUntil),
      'Förderschule am See',
      'Verwaltung',
      'Seestraße 1',
      '78462 Konstanz',
      'Bestellung 2026/17',
      'Bitte mit Rechnung per Post.',
      'Pro-Lizenz Version 9',
      'Zusätzliche DVD Version 9',
      // 10 pro seats at the factor 0.57 and a DVD (DESIGN.md §4): 513,00 € + 15,00 € gross.
      '443,70',
      '84,30',
      '528,00',
      'MwSt. 19',
      'Symbolsoftware Demo GmbH',
    ]) {
      expect(text).toContain(expected);
    }

    const headers = await ctx.adminHeaders();
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers,
    });
    const stored = detail.json().data.session;
    expect(stored).toMatchObject({ offerCode, status: 'offered' });
    const key = await eventually(
      async () => (await ctx.app.services.upgradeSessions.detail(session._id)).offerDocument ?? undefined,
    );
    expect(key).toMatch(new RegExp(`^upgrade-sessions/${session._id}/offer-`));
    expect(await ctx.app.services.storage.exists(key)).toBe(true);

    const { rows } = await sql<{ id: string }>`
      select id from delivery where upgrade_session = ${session._id}
    `.execute(ctx.database.db);
    expect(rows).toHaveLength(1);
    const delivery = await eventually(async () => {
      const found = await ctx.app.services.deliveries.get(rows[0]!.id);
      return found.progress === 'completed' ? found : undefined;
    });
    expect(delivery).toMatchObject({
      documentType: 'offer',
      occasion: 'offer',
      upgradeSession: session._id,
      licenses: [],
      recipient: 'schule@example.com',
      documents: [key],
    });

    // The back office sends it again: the same PDF, not a new rendering.
    smtp.received.length = 0;
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/v1/delivery/${delivery._id}`, headers });
    expect(resent.statusCode).toBe(201);
    const again = await eventually(
      () => smtp.received.find((received) => received.subject === `Ihr Angebot ${session.offerNumber}`),
      MAIL_TIMEOUT_MS,
    );
    expect(again.attachments[0]!.content.equals(mail.attachments[0]!.content)).toBe(true);

    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
      payload: { billing: { countryCode: 'DE' } },
    });
    expect(patch.statusCode).toBe(409);
    expect(errorOf(patch).message).toBe(upgradeSessionMessages.sessionFrozen);
    const secondOffer = await createOffer(session._id, token);
    expect(secondOffer.statusCode).toBe(409);
    expect(errorOf(secondOffer).message).toBe(upgradeSessionMessages.offerExists);
  }, 60_000);

  test('an update’s offer names the old licenses and the holder, and needs the holder', async () => {
    smtp.received.length = 0;
    const license = await ctx.createLicense({ version: '8', properties: { class: 'multiple', size: 3 } });
    const { session, token } = await created(
      newPurchase({
        purchaseType: 'upgrade',
        fromVersion: '8',
        originalLicenses: [license._id],
        accessTokens: [await accessTokenOf(license)],
        properties: { class: 'pro', size: 5, dvdCount: 0 },
      }),
    );
    const withoutHolder = await createOffer(session._id, token);
    expect(withoutHolder.statusCode).toBe(400);
    expect(errorOf(withoutHolder).message).toBe(upgradeSessionMessages.offerNeedsHolder);

    const holder = {
      holderType: 'organization',
      name: 'Praxis für Logopädie',
      email: 'praxis@example.com',
      contact: 'Zoë Øberg',
    };
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
      payload: { holder },
    });
    const shipping = {
      name: 'Praxis für Logopädie',
      street: 'Am Markt',
      houseNumber: '2a',
      postcode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    };
    const response = await createOffer(session._id, token, {
      billing,
      shipToDifferentAddress: true,
      shipping,
    });
    expect(response.statusCode).toBe(200);
    const { offerNumber } = response.json().data.session;
    const mail = await eventually(
      () => smtp.received.find((received) => received.subject === `Ihr Angebot ${offerNumber}`),
      MAIL_TIMEOUT_MS,
    );
    const text = await pdfText(mail.attachments[0]!.content);
    expect(text).toContain(formatLicenseKey(license.key));
    expect(text).toContain('Praxis für Logopädie');
    expect(text).toContain('Am Markt 2a');
    expect(text).toContain('Update auf Pro-Lizenz Version 9');
    expect(text).toContain('Zusätzliche Arbeitsplätze Pro-Lizenz Version 9');
  }, 60_000);

  test('only with the session token, with the full billing address, and DVDs only to Germany', async () => {
    const { session, token } = await created(newPurchase());
    const other = await created(newPurchase());
    expect((await createOffer(session._id, other.token)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/upgrade-session/${session._id}/offer`,
      payload: offerRequest,
    });
    expect(anonymous.statusCode).toBe(401);
    const incomplete = { ...billing, street: '' };
    expect((await createOffer(session._id, token, { ...offerRequest, billing: incomplete })).statusCode).toBe(
      400,
    );
    const austria = await createOffer(session._id, token, {
      ...offerRequest,
      billing: { ...billing, countryCode: 'AT' },
    });
    expect(austria.statusCode).toBe(400);
    expect(errorOf(austria).message).toBe(assistantMessages.dvdOnlyGermany);
    expect((await ctx.app.services.upgradeSessions.get(session._id)).status).toBe('created');
  });

  test('two offers for one session at once: one is made, one mail is sent', async () => {
    const { session, token } = await created(newPurchase());
    const responses = await Promise.all([createOffer(session._id, token), createOffer(session._id, token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from delivery where upgrade_session = ${session._id}
    `.execute(ctx.database.db);
    expect(rows[0]!.count).toBe(1);
  });
});

describe('loading an offer by its code', () => {
  test('the code (grouped, case kept) gives the offer token, which reads the offered session', async () => {
    const { session, offerCode } = await offered();
    const response = await loadOffer(` ${formatOfferCode(offerCode)} `);
    expect(response.statusCode).toBe(200);
    const { offerToken } = response.json().data;
    const loaded = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/upgrade-session/offered',
      headers: bearer(offerToken),
    });
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().data.session).toMatchObject({
      _id: session._id,
      status: 'offered',
      offerNumber: session.offerNumber,
    });
    // An offer token is no session token, and a session token no offer token.
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(offerToken),
      payload: { billing: { countryCode: 'DE' } },
    });
    expect(patch.statusCode).toBe(401);
    const { token } = await created(newPurchase());
    const withSessionToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/upgrade-session/offered',
      headers: bearer(token),
    });
    expect(withSessionToken.statusCode).toBe(401);
    const read = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/upgrade-session/offered', headers });
    const anonymous = await read({});
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(upgradeSessionMessages.sessionTokenRequired);
    expect((await read(bearer(`${session._id}.${'A'.repeat(43)}`))).statusCode).toBe(401);
    const [id, mac] = (offerToken as string).split('.') as [string, string];
    for (const spelling of otherSpellings(mac)) {
      expect((await read(bearer(`${id}.${spelling}`))).statusCode, spelling).toBe(401);
    }
  });

  test('an update’s offer names its licenses by key, as its PDF does, and nothing else of them; only for its own offer token', async () => {
    const unbound = await ctx.createLicense({ version: '8', properties: { class: 'multiple', size: 3 } });
    const bound = await ctx.bindLicense(
      await ctx.createLicense({ version: '8', properties: { class: 'single', size: 1 } }),
      { name: 'Logopädische Praxis Øberg', email: 'alt@praxis.example' },
    );
    const { session, token } = await created(
      newPurchase({
        purchaseType: 'upgrade',
        fromVersion: '8',
        originalLicenses: [unbound._id, bound._id],
        accessTokens: [await accessTokenOf(unbound), await accessTokenOf(bound)],
        properties: { class: 'pro', size: 4, dvdCount: 0 },
      }),
    );
    const holder = {
      holderType: 'organization',
      name: 'Praxis für Logopädie',
      email: 'praxis@example.com',
      contact: 'Zoë Øberg',
    };
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
      payload: { holder },
    });
    expect(patched.statusCode).toBe(200);
    const offer = await createOffer(session._id, token);
    expect(offer.statusCode).toBe(200);
    const read = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/upgrade-session/offered', headers });

    const offerToken = (await loadOffer(offer.json().data.offerCode)).json().data.offerToken;
    const loaded = await read(bearer(offerToken));
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().data.session).toMatchObject({
      _id: session._id,
      originalLicenses: [unbound._id, bound._id],
      originalLicenseKeys: [unbound.key, bound.key],
    });
    // The old licenses' start codes and holder stay with their owners.
    expect(loaded.body).not.toMatch(/startCode|authenticationCode/);
    for (const secret of [
      `"${unbound.startCode}"`,
      `"${bound.startCode}"`,
      'Logopädische Praxis Øberg',
      'alt@praxis.example',
    ]) {
      expect(loaded.body).not.toContain(secret);
    }

    // Another offer's token reads that offer; no token, a session token or a forged one reads nothing.
    const other = await offered();
    const otherToken = (await loadOffer(other.offerCode)).json().data.offerToken;
    expect((await read(bearer(otherToken))).json().data.session).toMatchObject({
      _id: other.session._id,
      originalLicenseKeys: [],
    });
    for (const headers of [{}, bearer(token), bearer(`${session._id}.${'A'.repeat(43)}`)]) {
      const refused = await read(headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain(unbound.key);
    }
  }, 60_000);

  test('an offer already ordered loads with its status, also after its 30 days: „Nicht mehr verfügbar”', async () => {
    const { session, offerCode } = await offered();
    const repository = new UpgradeSessionRepository(ctx.database.db);
    // What the shop order's intake does to the session it proves.
    await repository.markPurchased(session._id, '4711', ctx.database.db);
    const load = async () => {
      const response = await loadOffer(offerCode);
      expect(response.statusCode).toBe(200);
      return ctx.app.inject({
        method: 'GET',
        url: '/api/v1/upgrade-session/offered',
        headers: bearer(response.json().data.offerToken),
      });
    };
    const loaded = await load();
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().data.session).toMatchObject({
      _id: session._id,
      status: 'purchased',
      orderId: '4711',
    });

    await repository.update(session._id, { offer_valid_until: new Date(Date.now() - 1000) });
    const later = await load();
    expect(later.statusCode).toBe(200);
    expect(later.json().data.session).toMatchObject({ status: 'purchased' });
  });

  test('an unknown code is 403 (case matters), an expired offer 410', async () => {
    const { session, offerCode } = await offered();
    const swapped = offerCode.replace(/[a-z]/, (letter) => letter.toUpperCase());
    const other =
      swapped === offerCode ? offerCode.replace(/[A-Z]/, (letter) => letter.toLowerCase()) : swapped;
    const unknown = await loadOffer(other);
    expect(unknown.statusCode).toBe(403);
    expect(errorOf(unknown).message).toBe(assistantMessages.offerNotFound);
    const offerToken = (await loadOffer(offerCode)).json().data.offerToken;

    // Its 30 days are over: the job (scheduled with the offer) or any read expires it.
    await new UpgradeSessionRepository(ctx.database.db).update(session._id, {
      offer_valid_until: new Date(Date.now() - 1000),
    });
    const expired = await loadOffer(offerCode);
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).message).toBe(assistantMessages.offerExpired);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/upgrade-session/offered',
      headers: bearer(offerToken),
    });
    expect(read.statusCode).toBe(410);
    expect((await ctx.app.services.upgradeSessions.get(session._id)).status).toBe('expired');
  });

  test('„In den Warenkorb” gets the offer’s cart signed while it may be ordered: 409 once ordered, 410 once expired', async () => {
    const { session, token, offerCode } = await offered();
    const offerToken = (await loadOffer(offerCode)).json().data.offerToken as string;
    const orderable = (bearerToken?: string, id = session._id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/upgrade-session/${id}/cart`,
        headers: bearerToken ? bearer(bearerToken) : {},
      });
    for (const handOff of [offerToken, token]) {
      const answer = await orderable(handOff);
      expect(answer.statusCode).toBe(200);
      // The session's lines as the portal prices them, signed for the shop (decision 065).
      const cart = ctx.app.services.shop.cartTokens.verify(answer.json().data.cartToken as string);
      expect(cart).toMatchObject({ sessionId: session._id, purchaseType: 'new', countryCode: 'DE' });
      expect(cart!.lines.map((line) => [line.sku, line.productId, line.quantity, line.unitGross])).toEqual([
        ['M9-PRO', 801, 10, 5130],
        ['M9-DVD', 805, 1, 1500],
      ]);
      expect(cart!.totals).toEqual({ net: 44370, vat: 8430, gross: 52800 });
    }
    expect((await orderable()).statusCode).toBe(401);
    const other = await created(newPurchase());
    expect((await orderable(other.token)).statusCode).toBe(403);
    const otherOffer = await offered();
    const otherOfferToken = (await loadOffer(otherOffer.offerCode)).json().data.offerToken as string;
    expect((await orderable(otherOfferToken)).statusCode).toBe(403);

    // The offer was ordered in another tab meanwhile.
    await new UpgradeSessionRepository(ctx.database.db).markPurchased(session._id, '4711', ctx.database.db);
    const ordered = await orderable(offerToken);
    expect(ordered.statusCode).toBe(409);
    expect(errorOf(ordered)).toMatchObject({
      code: 'SESSION_ORDERED',
      message: 'Das gewählte Angebot wurde bereits bestellt!',
    });

    await new UpgradeSessionRepository(ctx.database.db).update(otherOffer.session._id, {
      offer_valid_until: new Date(Date.now() - 1000),
    });
    const expired = await orderable(otherOfferToken, otherOffer.session._id);
    expect(expired.statusCode).toBe(410);
    expect(errorOf(expired).message).toBe(assistantMessages.offerExpired);
  });

  test('the expiry job is scheduled for the end of the 30 days and expires only offers past it', async () => {
    const { session } = await offered();
    const { rows } = await sql<{ start_after: Date }>`
      select start_after from pgboss.job where name = 'expire-offer' and data ->> 'sessionId' = ${session._id}
    `.execute(ctx.database.db);
    expect(rows).toHaveLength(1);
    expect(
      Math.abs(new Date(rows[0]!.start_after).getTime() - Date.parse(session.offerValidUntil)),
    ).toBeLessThan(1000);
    const sessions = ctx.app.services.upgradeSessions;
    await sessions.expireOffer(session._id);
    expect((await sessions.get(session._id)).status).toBe('offered');
    await new UpgradeSessionRepository(ctx.database.db).update(session._id, {
      offer_valid_until: new Date(Date.now() - 1000),
    });
    await sessions.expireOffer(session._id);
    expect((await sessions.get(session._id)).status).toBe('expired');
  });

  test('wrong codes slow their client down; other clients are not locked out', async () => {
    const { offerCode } = await offered();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await loadOffer('xxxxxxxxx', '198.51.100.7')).statusCode).toBe(403);
    }
    const blocked = await loadOffer(offerCode, '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await loadOffer(offerCode, '198.51.100.8')).statusCode).toBe(200);
  });

  test('the right code forgets its client’s wrong ones: the next ten are free again, then it waits', async () => {
    const { offerCode } = await offered();
    const client = '198.51.100.9';
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await loadOffer('xxxxxxxxx', client)).statusCode).toBe(403);
    }
    expect((await loadOffer(offerCode, client)).statusCode).toBe(200);
    // Counted from zero again (OFFER_CODE_POLICY: ten free failures), not from nine.
    const again = [];
    for (let attempt = 0; attempt < 10; attempt++)
      again.push((await loadOffer('xxxxxxxxx', client)).statusCode);
    expect(again).toEqual(Array(10).fill(403));
    expect((await loadOffer(offerCode, client)).statusCode).toBe(429);
  });
});
