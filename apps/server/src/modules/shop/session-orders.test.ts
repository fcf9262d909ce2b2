import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import {
  deliveryMailTexts,
  formatLicenseKey,
  orderGenerationErrors,
  productTitle,
  type License,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { pdfText } from '../documents/test-fixtures.ts';
import { bearer, schoolBilling, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { webhookSignature } from './signature.ts';
import { orderNumbered } from './test-orders.ts';

const SECRET = 'session-orders-secret';
// A real mail server: what a reseller receives is read as it arrives.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const ctx = useTestApp({ WORKER: 'inline', SHOP_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url });
const { accessTokenOf, created, newPurchase } = sessionHelpers(ctx);

type Line = { sku: string; quantity: number; meta?: Record<string, string> };
/** The assistant's hand-off: the session and the token it holds for it (session or offer token). */
type HandOff = { sessionId: string; sessionToken?: string | null; offerToken?: string | null };

/** A paid order of these lines, carrying the hand-off and purchase type in its meta data as the shop does. */
function sessionOrder(
  number: number,
  handOff: HandOff,
  purchaseType: string,
  lines: Line[],
): WooCommerceOrder {
  return orderNumbered(number, {
    meta_data: [
      { key: 'upgrade_session_id', value: handOff.sessionId },
      { key: 'upgrade_session_token', value: handOff.sessionToken ?? '' },
      { key: 'offer_token', value: handOff.offerToken ?? '' },
      { key: 'purchase_type', value: purchaseType },
    ],
    line_items: lines.map((line, index) => ({
      id: index + 1,
      name: line.sku,
      product_id: 0,
      variation_id: 0,
      sku: line.sku,
      quantity: line.quantity,
      meta_data: Object.entries(line.meta ?? {}).map(([key, value]) => ({ key, value })),
    })),
  });
}

async function generated(order: WooCommerceOrder) {
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': webhookSignature(body, SECRET) },
    payload: body,
  });
  const id = response.json().data.orderGeneration as string;
  return eventually(async () => {
    const generation = await ctx.app.services.orderGenerations.get(id);
    return generation.progress === 'in-progress' ? undefined : generation;
  }, 30_000);
}

const license = async (id: string) =>
  (await ctx.app.services.licenses.get(id, { type: 'admin' } as never)) as License;
const session = (id: string) => ctx.app.services.upgradeSessions.detail(id);
const deliveriesOf = async (generationId: string) =>
  ctx.app.services.deliveries.forOrderGeneration(generationId);
/** Deliveries made in one transaction share their creation time: in the order of their recipients. */
const byRecipient = <T extends { recipient: string }>(deliveries: T[]) =>
  deliveries.toSorted((a, b) => a.recipient.localeCompare(b.recipient));

// Generations, documents and mails run as jobs: generous under a loaded machine.
describe('orders of upgrade sessions', { timeout: 60_000 }, () => {
  test('an update: one new bound license, the old ones disabled and pointing at it, the session completed', async () => {
    const originals = [];
    for (const size of [2, 3]) {
      originals.push(await ctx.createLicense({ version: '8', properties: { class: 'multiple', size } }));
    }
    const { session: created_, token } = await created(
      newPurchase({
        purchaseType: 'upgrade',
        fromVersion: '8',
        originalLicenses: originals.map((original) => original._id),
        accessTokens: await Promise.all(originals.map(accessTokenOf)),
        properties: null,
      }),
    );
    const holder = {
      holderType: 'organization',
      name: 'Förderschule Am Park',
      email: 'park@example.com',
      contact: 'Frau Yılmaz',
    };
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${created_._id}`,
      headers: bearer(token),
      payload: { properties: { class: 'pro', size: 5, dvdCount: 0 }, holder },
    });
    expect(patched.statusCode).toBe(200);

    const generation = await generated(
      sessionOrder(3001, { sessionId: created_._id, sessionToken: token }, 'upgrade', [
        { sku: 'M9-PROU', quantity: 5 },
      ]),
    );
    expect(generation).toMatchObject({ progress: 'completed', error: null, upgradeSession: created_._id });
    const [newId, ...oldIds] = generation.licenses;
    expect(oldIds.sort()).toEqual(originals.map((original) => original._id).sort());
    expect(await license(newId!)).toMatchObject({
      version: '9',
      status: 'bound',
      authenticationCode: 'Förderschule Am Park',
      holder,
      typeOfEntry: 'order',
      entryReference: '3001',
      productSKU: 'M9-PROU',
      properties: { class: 'pro', type: 'update', size: 5, dvdCount: 0 },
    });
    for (const id of oldIds) {
      expect(await license(id)).toMatchObject({ status: 'disabled', updatedToLicense: newId });
    }
    expect(await session(created_._id)).toMatchObject({
      status: 'completed',
      orderId: '3001',
      productLicense: newId,
    });
    // The license document to the buyer and to the holder the license is bound to.
    expect(byRecipient(await deliveriesOf(generation._id))).toMatchObject([
      { occasion: 'update', documentType: 'license', licenses: [newId], recipient: 'park@example.com' },
      {
        occasion: 'update',
        documentType: 'license',
        licenses: [newId],
        recipient: 'verwaltung@foerderzentrum.example',
      },
    ]);
  });

  test('an extension: the license grows and gets the DVDs, how it was is kept on the session', async () => {
    const original = await ctx.bindLicense(
      await ctx.createLicense({ version: '9', properties: { class: 'pro', size: 4, dvdCount: 1 } }),
      { name: 'Praxis Sonnenschein', email: 'praxis@example.com' },
    );
    const documentBeforeExtension = (await license(original._id)).licenseDocument;
    const { session: extension, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 6, dvdCount: 1 },
      }),
    );
    const generation = await generated(
      sessionOrder(3002, { sessionId: extension._id, sessionToken: token }, 'extension', [
        { sku: 'M9-PRO', quantity: 2 },
        { sku: 'M9-DVD', quantity: 1 },
      ]),
    );
    expect(generation).toMatchObject({ progress: 'completed', licenses: [original._id] });
    expect(await license(original._id)).toMatchObject({
      status: 'bound',
      extensionSKU: 'M9-PRO',
      properties: { class: 'pro', size: 6, dvdCount: 2 },
    });
    expect(await session(extension._id)).toMatchObject({
      status: 'completed',
      productLicense: original._id,
      beforeExtension: {
        properties: { class: 'pro', type: 'full', size: 4, delivery: 'download', dvdCount: 1 },
        holder: {
          holderType: 'person',
          name: 'Praxis Sonnenschein',
          email: 'praxis@example.com',
          contact: null,
        },
      },
    });
    const deliveries = byRecipient(await deliveriesOf(generation._id));
    expect(deliveries).toMatchObject([
      { occasion: 'update', documentType: 'license', recipient: 'praxis@example.com' },
      { occasion: 'update', documentType: 'license', recipient: 'verwaltung@foerderzentrum.example' },
    ]);
    const delivery = deliveries[0];
    // The mailed license document is a new one, made from the grown license. (The bind mail, still
    // queued from the binding above, may render yet another one afterwards: it mails the current license.)
    // Behind the bind mail's job and a second delivery now: generous on a loaded machine.
    const mailed = await eventually(async () => {
      const current = await ctx.app.services.deliveries.get(delivery!._id);
      return current.progress === 'completed' ? current : undefined;
    }, 50_000);
    expect(mailed.documents).toHaveLength(1);
    expect(mailed.documents[0]).toMatch(new RegExp(`^licenses/${original._id}/license-`));
    expect(mailed.documents[0]).not.toBe(documentBeforeExtension);
  });

  test('an extension of an unbound license binds it to the holder given and mails its license document to both', async () => {
    const original = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 4, dvdCount: 0 },
    });
    const { session: extension, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 7, dvdCount: 0 },
      }),
    );
    const holder = {
      holderType: 'organization',
      name: 'Grundschule am Deich',
      email: 'sekretariat@deich.example',
      contact: 'Herr Jansen',
    };
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${extension._id}`,
      headers: bearer(token),
      payload: { holder },
    });
    expect(patched.statusCode).toBe(200);
    const generation = await generated(
      sessionOrder(3004, { sessionId: extension._id, sessionToken: token }, 'extension', [
        { sku: 'M9-PRO', quantity: 3 },
      ]),
    );
    expect(generation).toMatchObject({ progress: 'completed', licenses: [original._id] });
    expect(await license(original._id)).toMatchObject({
      status: 'bound',
      authenticationCode: 'Grundschule am Deich',
      holder,
      properties: { size: 7 },
    });
    // Unbound before: an undo finds no holder to restore, the start code signs in again.
    expect((await session(extension._id)).beforeExtension).toMatchObject({
      properties: { size: 4 },
      holder: null,
    });
    const deliveries = byRecipient(await deliveriesOf(generation._id));
    expect(deliveries).toMatchObject([
      { occasion: 'update', documentType: 'license', recipient: 'sekretariat@deich.example' },
      { occasion: 'update', documentType: 'license', recipient: 'verwaltung@foerderzentrum.example' },
    ]);
    // The mail tells the truth: a license document, named so, with the holder's name to sign in.
    for (const delivery of deliveries) {
      const mailed = await eventually(async () => {
        const current = await ctx.app.services.deliveries.get(delivery._id);
        return current.progress === 'completed' ? current : undefined;
      }, 30_000);
      expect(mailed.subject).toBe(deliveryMailTexts.update.subject(productTitle('9')));
      expect(mailed.documents).toEqual([
        expect.stringMatching(new RegExp(`^licenses/${original._id}/license-`)),
      ]);
      expect(mailed.content).toContain(deliveryMailTexts.holderNameLogin);
      expect(mailed.content).toContain('Grundschule am Deich');
      expect(mailed.content).not.toContain(`${deliveryMailTexts.startCode}:`);
    }
  });

  test('an extension of an unbound license without a holder stays unbound, and its mail says a starter document', async () => {
    const original = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 4, dvdCount: 0 },
    });
    const { session: extension, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 5, dvdCount: 0 },
      }),
    );
    const generation = await generated(
      sessionOrder(3005, { sessionId: extension._id, sessionToken: token }, 'extension', [
        { sku: 'M9-PRO', quantity: 1 },
      ]),
    );
    expect(await license(original._id)).toMatchObject({ status: 'unbound', properties: { size: 5 } });
    const [delivery] = await deliveriesOf(generation._id);
    expect(delivery).toMatchObject({ occasion: 'update', documentType: 'starter' });
    expect(delivery!.subject).toBe(deliveryMailTexts.update.subject(productTitle('9'), true));
    // Mailed before the test ends: its document and mail jobs must not outlive the file's database.
    const rendered = await eventually(async () => {
      const current = await ctx.app.services.deliveries.get(delivery!._id);
      return current.progress === 'completed' ? current : undefined;
    }, 50_000);
    expect(rendered.documents).toEqual([
      expect.stringMatching(new RegExp(`^licenses/${original._id}/starter-`)),
    ]);
    expect(rendered.content).toContain(`${deliveryMailTexts.startCode}:`);
    expect(rendered.content).not.toContain(deliveryMailTexts.holderNameLogin);
  });

  test('an extension of a license that changed since fails, and so does its session', async () => {
    const original = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 4, dvdCount: 0 },
    });
    const { session: extension, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 8, dvdCount: 0 },
      }),
    );
    await ctx.database.db.updateTable('license').set({ size: 5 }).where('id', '=', original._id).execute();
    const generation = await generated(
      sessionOrder(3003, { sessionId: extension._id, sessionToken: token }, 'extension', [
        { sku: 'M9-PRO', quantity: 4 },
      ]),
    );
    expect(generation).toMatchObject({
      progress: 'failed',
      error: orderGenerationErrors.extendedLicenseChanged(original.key),
      licenses: [],
    });
    expect(await session(extension._id)).toMatchObject({ status: 'failed', beforeExtension: null });
    expect((await license(original._id)).properties.size).toBe(5);
  });

  test('a reseller order: each line its quantity of licenses, the customer reference in their notes', async () => {
    const line = (uid: string, licenseClass: string, size: number, dvdCount: number, quantity: number) => ({
      uid,
      class: licenseClass,
      properties: { size, dvdCount, delivery: 'download', licenseType: 'full' },
      version: '9',
      customerReference: `Kunde ${uid}`,
      quantity,
    });
    const { session: reseller, token } = await created(
      newPurchase({
        purchaseType: 'reseller',
        properties: null,
        resellerLicenses: [line('1', 'pro', 3, 1, 2), line('2', 'personal', 1, 0, 4)],
      }),
    );
    const meta = (uid: string) => ({ license_uid: uid, customer_reference: `Kunde ${uid}` });
    const generation = await generated(
      sessionOrder(3004, { sessionId: reseller._id, sessionToken: token }, 'reseller', [
        { sku: 'M9-PRO', quantity: 6, meta: meta('1') },
        { sku: 'M9-DVD', quantity: 2, meta: meta('1') },
        { sku: 'M9-PER', quantity: 4, meta: meta('2') },
      ]),
    );
    expect(generation.progress).toBe('completed');
    const licenses = await Promise.all(generation.licenses.map(license));
    expect(
      licenses.map((created) => [
        created.properties.class,
        created.properties.size,
        created.properties.dvdCount,
        created.notes,
      ]),
    ).toEqual([
      ...Array(2).fill(['pro', 3, 1, 'Kundenreferenz: Kunde 1']),
      ...Array(4).fill(['personal', 1, 0, 'Kundenreferenz: Kunde 2']),
    ]);
    expect(await deliveriesOf(generation._id)).toMatchObject([
      { occasion: 'order', documentType: 'starter', licenses: generation.licenses },
    ]);
    // The reseller gave the assistant no name or e-mail: the order's buyer is the session's.
    expect(await session(reseller._id)).toMatchObject({
      status: 'completed',
      orderId: '3004',
      billing: { name: 'Erika Mustermann', email: 'verwaltung@foerderzentrum.example', countryCode: 'DE' },
    });

    // The mail says what was ordered per line and whose each key is; so does each starter document.
    const mail = await eventually(
      () => smtp.received.find((received) => received.text?.includes(formatLicenseKey(licenses[0]!.key))),
      50_000,
    );
    expect(mail.text).toContain(
      '„Kunde 1”: 2 Lizenzen × 3 Arbeitsplätze; „Kunde 2”: 4 Lizenzen × 1 Arbeitsplatz',
    );
    const references = [...Array(2).fill('Kunde 1'), ...Array(4).fill('Kunde 2')] as string[];
    expect(mail.attachments).toHaveLength(6);
    const documents = await Promise.all(mail.attachments.map((attachment) => pdfText(attachment.content)));
    licenses.forEach((created, index) => {
      const key = formatLicenseKey(created.key);
      expect(mail.text).toContain(`Lizenzschlüssel: ${key} — Kundenreferenz: ${references[index]}`);
      const document = documents.find((text) => text.includes(key));
      expect(document).toContain(`Kundenreferenz ${references[index]}`);
    });
  });

  test('a session of another purchase type, or one that does not exist, fails the generation with the reason', async () => {
    const { session: purchase, token } = await created(newPurchase());
    const wrongType = await generated(
      sessionOrder(3005, { sessionId: purchase._id, sessionToken: token }, 'upgrade', [
        { sku: 'M9-PROU', quantity: 1 },
      ]),
    );
    expect(wrongType).toMatchObject({
      progress: 'failed',
      error: orderGenerationErrors.sessionOfOtherPurchaseType('new', 'upgrade'),
    });
    expect(await session(purchase._id)).toMatchObject({ status: 'failed', orderId: '3005' });

    // Its token is genuine, as from a portal whose database no longer has the session.
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const missingToken = ctx.app.services.upgradeSessions.tokens.sessionToken(missing);
    const unknown = await generated(
      sessionOrder(3006, { sessionId: missing, sessionToken: missingToken }, 'new', [
        { sku: 'M9-PRO', quantity: 1 },
      ]),
    );
    expect(unknown).toMatchObject({
      progress: 'failed',
      upgradeSession: null,
      error: orderGenerationErrors.sessionNotFound(missing),
    });
  });

  test('an order that names a session without its token leaves the session alone and fails saying why', async () => {
    const mine = await created(newPurchase());
    const other = await created(newPurchase());
    const sessionId = mine.session._id;
    const lines = [
      { sku: 'M9-PRO', quantity: 10 },
      { sku: 'M9-DVD', quantity: 1 },
    ];
    const admin = await ctx.adminHeaders();
    const backOffice = async (id: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/order-generation/${id}`, headers: admin })).json()
        .data.orderGeneration;
    const licenseCount = async () =>
      (
        await ctx.database.db
          .selectFrom('license')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const licensesBefore = Number(await licenseCount());

    const unproven: HandOff[] = [
      { sessionId },
      { sessionId, sessionToken: other.token },
      { sessionId, sessionToken: `${sessionId}.${'A'.repeat(43)}` },
      { sessionId, offerToken: ctx.app.services.upgradeSessions.tokens.offerToken(other.session._id) },
    ];
    const failedIds: string[] = [];
    for (const [index, handOff] of unproven.entries()) {
      const generation = await generated(sessionOrder(3010 + index, handOff, 'new', lines));
      expect(generation).toMatchObject({
        progress: 'failed',
        upgradeSession: null,
        licenses: [],
        error: orderGenerationErrors.sessionNotProven(sessionId),
      });
      expect(await backOffice(generation._id)).toMatchObject({
        progress: 'failed',
        error: orderGenerationErrors.sessionNotProven(sessionId),
      });
      expect(await deliveriesOf(generation._id)).toEqual([]);
      failedIds.push(generation._id);
    }
    // „Erneut versuchen” cannot make the order prove it either: the same reason, still nothing made.
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/order-generation/${failedIds[0]!}/retry`,
      headers: admin,
    });
    expect(retried.statusCode).toBe(200);
    const again = await eventually(async () => {
      const current = await ctx.app.services.orderGenerations.get(failedIds[0]!);
      return current.progress === 'in-progress' ? undefined : current;
    }, 30_000);
    expect(again).toMatchObject({
      progress: 'failed',
      error: orderGenerationErrors.sessionNotProven(sessionId),
    });

    expect(Number(await licenseCount())).toBe(licensesBefore);
    for (const id of [sessionId, other.session._id]) {
      expect(await session(id)).toMatchObject({ status: 'created', orderId: null, productLicense: null });
    }

    // The session's own customer still orders it, with its token.
    const ordered = await generated(
      sessionOrder(3019, { sessionId, sessionToken: mine.token }, 'new', lines),
    );
    expect(ordered).toMatchObject({
      progress: 'completed',
      upgradeSession: sessionId,
      licenses: [expect.any(String)],
    });
    expect(await session(sessionId)).toMatchObject({ status: 'completed', orderId: '3019' });
  });

  test('an offer loaded by its code is ordered with its offer token: the assistant has no session token then', async () => {
    const { session: mine, token } = await created(newPurchase());
    const offer = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/upgrade-session/${mine._id}/offer`,
      headers: bearer(token),
      payload: {
        billing: schoolBilling(),
        shipToDifferentAddress: false,
        shipping: null,
      },
    });
    expect(offer.statusCode).toBe(200);
    const loaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/upgrade-session/offer-code',
      payload: { offerCode: offer.json().data.offerCode },
    });
    const { offerToken } = loaded.json().data;

    const generation = await generated(
      sessionOrder(3020, { sessionId: mine._id, offerToken }, 'new', [
        { sku: 'M9-PRO', quantity: 10 },
        { sku: 'M9-DVD', quantity: 1 },
      ]),
    );
    expect(generation).toMatchObject({ progress: 'completed', upgradeSession: mine._id });
    const [bought] = await Promise.all(generation.licenses.map(license));
    expect(bought!.properties).toMatchObject({ class: 'pro', size: 10, dvdCount: 1 });
    // The offer's billing stays as the buyer entered it for the offer.
    expect(await session(mine._id)).toMatchObject({
      status: 'completed',
      orderId: '3020',
      productLicense: bought!._id,
      billing: { name: schoolBilling().name, email: schoolBilling().email },
    });
    // The offer's mail (rendered by the worker) is sent before the app closes.
    await eventually(async () => {
      const { rows } = await sql<{ progress: string }>`
        select progress from delivery where upgrade_session = ${mine._id}
      `.execute(ctx.database.db);
      return rows[0]?.progress === 'completed' ? rows : undefined;
    }, 30_000);
  });
});
