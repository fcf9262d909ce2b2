import { billingSchema } from '@lizenzportal/domain';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { newPurchaseRequest, schoolBilling } from '../upgrade-sessions/test-helpers.ts';

// Jobs stay queued (WORKER=off): the deliveries are records to list, no mail is sent.
const ctx = useTestApp();

async function session(): Promise<string> {
  const { session } = await ctx.app.services.upgradeSessions.create(
    newPurchaseRequest({ properties: { class: 'pro', size: 10, dvdCount: 0 } }),
  );
  return session._id;
}

async function orderGeneration(upgradeSession: string | null, orderNumber: string): Promise<string> {
  const row = await ctx.database.db
    .insertInto('order_generation')
    .values({ order_number: orderNumber, upgrade_session: upgradeSession })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('deliveries of an upgrade session (GET /delivery?upgradeSession=…)', () => {
  test('finds the offer mail of the session and the mails of its order, nothing else', async () => {
    const [offered, other] = [await session(), await session()];
    const license = await ctx.createLicense();
    const deliveries = ctx.app.services.deliveries;
    // Making the offer mails it: a delivery of the session.
    await ctx.app.services.upgradeSessions.createOffer(
      offered,
      {
        billing: billingSchema.parse(schoolBilling()),
        shipToDifferentAddress: false,
        shipping: null,
      },
      '203.0.113.1',
    );
    const offer = await ctx.database.db.selectFrom('delivery').select('id as _id').executeTakeFirstOrThrow();
    const ordered = await deliveries.create({
      occasion: 'order',
      documentType: 'starter',
      licenseIds: [license._id],
      recipient: 'schule@example.com',
      recipientName: null,
      orderGeneration: await orderGeneration(offered, '5001'),
    });
    for (const [upgradeSession, orderNumber] of [
      [other, '5002'],
      [null, '5003'],
    ] as const) {
      await deliveries.create({
        occasion: 'order',
        documentType: 'starter',
        licenseIds: [license._id],
        recipient: 'praxis@example.com',
        recipientName: null,
        orderGeneration: await orderGeneration(upgradeSession, orderNumber),
      });
    }

    const headers = await ctx.adminHeaders();
    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/delivery?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const ofSession = await list(`upgradeSession=${offered}&sort=createdAt`);
    expect(ofSession.deliveries.map((delivery: { _id: string }) => delivery._id)).toEqual([
      offer._id,
      ordered._id,
    ]);
    expect((await list(`upgradeSession!=${offered}`)).total).toBe(2);
    expect((await list('!upgradeSession')).total).toBe(1);
    expect((await list('upgradeSession')).total).toBe(3);

    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/delivery?upgradeSession=${offered}`,
    });
    expect(errorOf(anonymous).status).toBe(401);
    const badId = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/delivery?upgradeSession=4711',
      headers,
    });
    expect(errorOf(badId).status).toBe(400);
  });
});
