import { describe, expect, test } from 'vitest';
import type { WooCommerceOrder } from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { useTestApp } from '../../test/app.ts';
import { webhookSignature } from '../shop/signature.ts';
import { orderNumbered } from '../shop/test-orders.ts';
import { sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { SessionOrders } from '../upgrade-sessions/index.ts';
import type { DeliveryService } from '../deliveries/service.ts';
import { type OrderGenerator } from './generator.ts';

const SECRET = 'session-status-secret';
// No worker: the test runs the generation itself, watching the session at each step.
const ctx = useTestApp({ SHOP_WEBHOOK_SECRET: SECRET });
const { created, newPurchase } = sessionHelpers(ctx);

/** A session of the assistant and the paid order naming it (10 pro seats and a DVD, as it priced). */
async function orderedSession(number: number): Promise<{ sessionId: string; generationId: string }> {
  const { session, token } = await created(newPurchase());
  const order: WooCommerceOrder = orderNumbered(number, {
    meta_data: [
      { key: 'upgrade_session_id', value: session._id },
      { key: 'upgrade_session_token', value: token },
      { key: 'purchase_type', value: 'new' },
    ],
  });
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': webhookSignature(body, SECRET) },
    payload: body,
  });
  expect(response.json().data.received).toBe('created');
  return { sessionId: session._id, generationId: response.json().data.orderGeneration };
}

const sessionOf = (id: string) => ctx.app.services.upgradeSessions.detail(id);

/**
 * The generator of the app, whose deliveries step (inside the generation's transaction, after the
 * licenses) first runs `during` with that transaction: to look at the session from inside, or fail.
 */
function generatorWith(during: (transaction: Kysely<DB>) => Promise<void>): OrderGenerator {
  const { services } = ctx.app;
  const deliveries: Pick<DeliveryService, 'create'> = {
    create: async (input, transaction) => {
      await during(transaction!);
      return services.deliveries.create(input, transaction);
    },
  };
  return services.orderGenerations.generator({
    sessions: new SessionOrders(services.database.db),
    tokens: services.upgradeSessions.tokens,
    licenses: services.licenses,
    deliveries,
    queue: services.queue,
    productIds: ctx.config.shop.productIds,
    cartTokens: services.shop.cartTokens,
    log: ctx.app.log,
  });
}

const statusIn = async (transaction: Kysely<DB>, id: string) =>
  (await transaction.selectFrom('upgrade_session').select('status').where('id', '=', id).executeTakeFirst())
    ?.status;

describe('the upgrade session of a shop order', () => {
  test('goes purchased → in-progress → completed, naming the license bought', async () => {
    const { sessionId, generationId } = await orderedSession(5001);
    expect(await sessionOf(sessionId)).toMatchObject({
      status: 'purchased',
      orderId: '5001',
      productLicense: null,
    });

    const whileGenerating: (string | undefined)[] = [];
    await generatorWith(async (transaction) => {
      whileGenerating.push(await statusIn(transaction, sessionId));
    }).run(generationId);

    expect(whileGenerating).toEqual(['in-progress']);
    const generation = await ctx.app.services.orderGenerations.get(generationId);
    expect(generation).toMatchObject({ progress: 'completed', licenses: [expect.any(String)] });
    expect(await sessionOf(sessionId)).toMatchObject({
      status: 'completed',
      orderId: '5001',
      productLicense: generation.licenses[0],
    });
  });

  test('stays in progress while a technical failure is retried, and fails with the generation', async () => {
    const { sessionId, generationId } = await orderedSession(5002);
    const failing = generatorWith(() => Promise.reject(new Error('database connection lost')));
    await expect(failing.run(generationId)).rejects.toThrow('database connection lost');
    // Rolled back: no license, the session still being generated (the queue retries the job).
    expect(await sessionOf(sessionId)).toMatchObject({ status: 'in-progress', productLicense: null });
    expect(await ctx.app.services.orderGenerations.get(generationId)).toMatchObject({
      progress: 'in-progress',
      licenses: [],
    });

    await failing.giveUp(generationId, 6, 'database connection lost');
    expect(await ctx.app.services.orderGenerations.get(generationId)).toMatchObject({ progress: 'failed' });
    expect(await sessionOf(sessionId)).toMatchObject({ status: 'failed', productLicense: null });
  });
});
