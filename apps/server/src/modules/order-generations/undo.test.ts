/**
 * „Bestellung rückabwickeln” (decision 066): orders in WooCommerce's shape through the signed
 * webhook, refunded, then undone by an admin — a new purchase, a partial refund of several
 * licenses, an update and an extension; undoing twice changes nothing.
 */
import { describe, expect, test } from 'vitest';
import { loginMessages, type License, type WooCommerceOrder } from '@lizenzportal/domain';
import { errorOf, useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { webhookSignature } from '../shop/signature.ts';
import { orderNumbered } from '../shop/test-orders.ts';
import { bearer, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';

const SECRET = 'undo-test-secret';
const ctx = useTestApp({ WORKER: 'inline', SHOP_WEBHOOK_SECRET: SECRET });
const { accessTokenOf, created, newPurchase } = sessionHelpers(ctx);

async function deliver(order: WooCommerceOrder): Promise<string> {
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': webhookSignature(body, SECRET) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.orderGeneration;
}

async function generated(order: WooCommerceOrder) {
  const id = await deliver(order);
  return eventually(async () => {
    const generation = await ctx.app.services.orderGenerations.get(id);
    return generation.progress === 'in-progress' ? undefined : generation;
  }, 30_000);
}

/** The order refunded in full in the shop, as its `order.updated` says. */
const refundedInFull = (order: WooCommerceOrder, refundId: number): WooCommerceOrder => ({
  ...order,
  status: 'refunded',
  refunds: [{ id: refundId, reason: 'Widerruf', total: `-${order.total}` }],
});

async function undo(id: string, payload: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/order-generation/${id}/undo`,
    headers: await ctx.adminHeaders(),
    payload,
  });
}

const license = async (id: string) =>
  (await ctx.app.services.licenses.get(id, { type: 'admin' } as never)) as License;

async function auditOf(licenseId: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/license/${licenseId}/audit`,
    headers: await ctx.adminHeaders(),
  });
  return response.json().data.entries as {
    action: string;
    actor: string;
    changes: { field: string; after: unknown }[];
  }[];
}

const signIn = (found: License) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: found.key, authenticationCode: found.authenticationCode },
  });

describe('undoing a refunded order', { timeout: 90_000 }, () => {
  test('a new purchase: its license disabled with an audit entry naming order and refund, its holder told why; again changes nothing', async () => {
    const order = orderNumbered(8800);
    const generation = await generated(order);
    const [licenseId] = generation.licenses;
    await deliver(refundedInFull(order, 8891));

    const response = await undo(generation._id);
    expect(response.statusCode).toBe(200);
    const undone = response.json().data;
    expect(undone).toMatchObject({
      orderGeneration: { withdrawal: 'undone' },
      changed: [{ license: licenseId, action: 'disabled' }],
      notUndone: [],
    });
    const disabled = await license(licenseId!);
    expect(disabled.status).toBe('disabled');
    const [entry] = await auditOf(licenseId!);
    expect(entry).toMatchObject({ action: 'order-undone', actor: 'test-admin' });
    expect(entry!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', after: 'disabled' }),
        expect.objectContaining({
          field: 'refunds',
          after: 'Bestellung 8800, Erstattung 8891, im Shop refunded',
        }),
      ]),
    );
    const status = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license-status',
      payload: { key: disabled.key },
    });
    expect(status.statusCode).toBe(403);
    expect(errorOf(status).message).toBe(loginMessages.withdrawn('8800'));
    expect(errorOf(await signIn(disabled)).message).toBe(loginMessages.withdrawn('8800'));

    const again = await undo(generation._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ changed: [], notUndone: [] });
    expect((await auditOf(licenseId!)).filter((item) => item.action === 'order-undone')).toHaveLength(1);
  });

  test('the preview (dryRun) says what the undo would do and changes nothing: no license, no audit, no withdrawal', async () => {
    const order = orderNumbered(8820);
    const generation = await generated(order);
    const [licenseId] = generation.licenses;
    await deliver(refundedInFull(order, 8821));
    const before = await license(licenseId!);

    const preview = await undo(generation._id, { dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      orderGeneration: { withdrawal: 'open' },
      changed: [{ license: licenseId, key: before.key, action: 'disabled' }],
      notUndone: [],
      dryRun: true,
    });
    expect((await license(licenseId!)).status).toBe(before.status);
    expect((await auditOf(licenseId!)).filter((item) => item.action === 'order-undone')).toHaveLength(0);
    expect((await ctx.app.services.orderGenerations.get(generation._id)).withdrawal).toBe('open');

    // The action does what the preview said.
    const done = await undo(generation._id);
    expect(done.json().data).toMatchObject({
      changed: preview.json().data.changed,
      notUndone: [],
      dryRun: false,
    });
    expect((await undo(generation._id, { dryRun: true })).json().data.changed).toEqual([]);
  });

  test('a partial refund of several licenses: only the licenses staff pick; one not of the order is refused', async () => {
    const order = orderNumbered(8810, {
      line_items: [
        { id: 1, name: 'Einzelplatz', sku: 'M9-PER', quantity: 3, total: '90.00', total_tax: '17.10' },
      ],
      total: '107.10',
      total_tax: '17.10',
    });
    const generation = await generated(order);
    expect(generation.licenses).toHaveLength(3);
    await deliver({ ...order, refunds: [{ id: 8811, reason: '', total: '-35.70' }] });
    const [kept, withdrawn, alsoKept] = generation.licenses;

    const stranger = await ctx.createLicense();
    const refused = await undo(generation._id, { licenses: [stranger._id] });
    expect(refused.statusCode).toBe(400);
    expect((await license(kept!)).status).not.toBe('disabled');

    const response = await undo(generation._id, { licenses: [withdrawn] });
    expect(response.json().data.changed).toEqual([
      expect.objectContaining({ license: withdrawn, action: 'disabled' }),
    ]);
    expect((await license(withdrawn!)).status).toBe('disabled');
    for (const id of [kept!, alsoKept!]) expect((await license(id)).status).not.toBe('disabled');
  });

  test('an update: the new license disabled, the originals active again and able to sign in', async () => {
    const originals = [];
    for (const size of [2, 3]) {
      originals.push(await ctx.createLicense({ version: '8', properties: { class: 'multiple', size } }));
    }
    const { session, token } = await created(
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
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
      payload: { properties: { class: 'pro', size: 5, dvdCount: 0 }, holder },
    });
    expect(patched.statusCode).toBe(200);
    const order = sessionOrder(8820, session._id, token, 'upgrade', [{ sku: 'M9-PROU', quantity: 5 }]);
    const generation = await generated(order);
    expect(generation.progress).toBe('completed');
    const [newId, ...oldIds] = generation.licenses;
    for (const id of oldIds) expect((await license(id)).status).toBe('disabled');
    await deliver({ ...order, status: 'cancelled' });

    const response = await undo(generation._id);
    expect(response.json().data.changed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ license: newId, action: 'disabled' }),
        ...oldIds.map((id) => expect.objectContaining({ license: id, action: 'reactivated' })),
      ]),
    );
    expect((await license(newId!)).status).toBe('disabled');
    for (const id of oldIds) {
      const original = await license(id);
      expect(original).toMatchObject({ status: 'unbound', updatedToLicense: null });
      expect((await signIn(original)).statusCode).toBe(200);
    }
  });

  test('an extension: seats and DVDs back, the holder as before, its document made anew; changed since: reported, not rolled back', async () => {
    const original = await ctx.bindLicense(
      await ctx.createLicense({ version: '9', properties: { class: 'pro', size: 4, dvdCount: 1 } }),
      { name: 'Praxis Sonnenschein', email: 'praxis@example.com' },
    );
    const { session, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 6, dvdCount: 1 },
      }),
    );
    const order = sessionOrder(8830, session._id, token, 'extension', [
      { sku: 'M9-PRO', quantity: 2 },
      { sku: 'M9-DVD', quantity: 1 },
    ]);
    const generation = await generated(order);
    const extendedDocument = await eventually(async () => (await license(original._id)).licenseDocument);
    expect((await license(original._id)).properties).toMatchObject({ size: 6, dvdCount: 2 });
    await deliver(refundedInFull(order, 8831));

    const response = await undo(generation._id);
    expect(response.json().data).toMatchObject({
      changed: [{ license: original._id, action: 'restored' }],
      notUndone: [],
    });
    const restored = await license(original._id);
    expect(restored).toMatchObject({
      status: 'bound',
      holder: { name: 'Praxis Sonnenschein', email: 'praxis@example.com' },
      properties: { size: 4, dvdCount: 1 },
    });
    const regenerated = await eventually(async () => {
      const current = (await license(original._id)).licenseDocument;
      return current && current !== extendedDocument ? current : undefined;
    }, 30_000);
    expect(regenerated).toMatch(new RegExp(`^licenses/${original._id}/license-`));
    expect((await undo(generation._id)).json().data).toMatchObject({ changed: [], notUndone: [] });
  });

  test('an extension that bound an unbound license: unbound again, its start code signs in, the holder name no longer', async () => {
    const original = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 4, dvdCount: 0 },
    });
    const { session, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 6, dvdCount: 0 },
      }),
    );
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(token),
      payload: {
        holder: {
          holderType: 'organization',
          name: 'Förderschule am Hafen',
          email: 'buero@hafen.example',
          contact: 'Frau Ohm',
        },
      },
    });
    expect(patched.statusCode).toBe(200);
    const order = sessionOrder(8835, session._id, token, 'extension', [{ sku: 'M9-PRO', quantity: 2 }]);
    const generation = await generated(order);
    expect(await license(original._id)).toMatchObject({
      status: 'bound',
      authenticationCode: 'Förderschule am Hafen',
    });
    await deliver(refundedInFull(order, 8836));

    expect((await undo(generation._id)).json().data).toMatchObject({ notUndone: [] });
    const restored = await license(original._id);
    expect(restored).toMatchObject({ status: 'unbound', holder: { name: null }, properties: { size: 4 } });
    expect(restored.authenticationCode).toBe(original.startCode);
    expect((await signIn(restored)).statusCode).toBe(200);
    expect((await signIn({ ...restored, authenticationCode: 'Förderschule am Hafen' })).statusCode).toBe(401);
  });

  test('an extension changed since (extended again by hand): reported, left as it is', async () => {
    const original = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 4, dvdCount: 0 },
    });
    const { session, token } = await created(
      newPurchase({
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [original._id],
        accessTokens: [await accessTokenOf(original)],
        properties: { class: 'pro', size: 6, dvdCount: 0 },
      }),
    );
    const generation = await generated(
      sessionOrder(8840, session._id, token, 'extension', [{ sku: 'M9-PRO', quantity: 2 }]),
    );
    expect(generation.progress).toBe('completed');
    await ctx.database.db.updateTable('license').set({ size: 10 }).where('id', '=', original._id).execute();
    const response = await undo(generation._id);
    expect(response.json().data).toMatchObject({
      changed: [],
      notUndone: [{ license: original._id, reason: expect.stringMatching(/seit der Erweiterung geändert/) }],
    });
    expect((await license(original._id)).properties.size).toBe(10);
  });

  test('only a completed generation can be undone; admins only', async () => {
    const order = orderNumbered(8850, { line_items: [] });
    const id = await deliver({ ...order, line_items: orderNumbered(1).line_items!.slice(1) });
    await eventually(async () =>
      (await ctx.app.services.orderGenerations.get(id)).progress === 'failed' ? true : undefined,
    );
    const response = await undo(id);
    expect(response.statusCode).toBe(409);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/order-generation/${id}/undo`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** A paid order of an upgrade session, as the shop sends it with the assistant's hand-off. */
function sessionOrder(
  number: number,
  sessionId: string,
  sessionToken: string,
  purchaseType: string,
  lines: { sku: string; quantity: number }[],
): WooCommerceOrder {
  return orderNumbered(number, {
    meta_data: [
      { key: 'upgrade_session_id', value: sessionId },
      { key: 'upgrade_session_token', value: sessionToken },
      { key: 'purchase_type', value: purchaseType },
    ],
    line_items: lines.map((line, index) => ({
      id: index + 1,
      name: line.sku,
      product_id: 0,
      variation_id: 0,
      sku: line.sku,
      quantity: line.quantity,
      meta_data: [],
    })),
  });
}
