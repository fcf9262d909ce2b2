/**
 * `SHOP_REFUND_ACTION=withdraw` (decision 066): a full refund undoes its order by itself, audited
 * as the portal's; a partial refund stays with staff.
 */
import { expect, test } from 'vitest';
import { orderUndoMessages, type WooCommerceOrder } from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { webhookSignature } from './signature.ts';
import { orderNumbered } from './test-orders.ts';

const SECRET = 'refund-withdraw-secret';
const ctx = useTestApp({ SHOP_WEBHOOK_SECRET: SECRET, SHOP_REFUND_ACTION: 'withdraw' });

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

const statusOf = async (id: string) =>
  (
    await ctx.database.db
      .selectFrom('license')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

test('a full refund undoes the order at once; a partial one is left to staff', async () => {
  const order = orderNumbered(8900);
  const id = await deliver(order);
  await ctx.app.services.orderGenerator.run(id);
  const partial = orderNumbered(8901);
  const partialId = await deliver(partial);
  await ctx.app.services.orderGenerator.run(partialId);

  await deliver({ ...partial, refunds: [{ id: 8911, reason: '', total: '-52.80' }] });
  const kept = await ctx.app.services.orderGenerations.get(partialId);
  expect(kept.withdrawal).toBe('open');
  expect(await statusOf(kept.licenses[0]!)).not.toBe('disabled');

  await deliver({ ...order, status: 'refunded', refunds: [{ id: 8910, reason: '', total: '-528.00' }] });
  const undone = await ctx.app.services.orderGenerations.get(id);
  expect(undone.withdrawal).toBe('undone');
  expect(await statusOf(undone.licenses[0]!)).toBe('disabled');
  const entries = await ctx.database.db
    .selectFrom('audit_entry')
    .select(['action', 'actor'])
    .where('entity_id', '=', undone.licenses[0]!)
    .execute();
  expect(entries).toEqual([{ action: 'order-undone', actor: orderUndoMessages.automaticActor }]);

  // The same refund again: nothing more.
  await deliver({ ...order, status: 'refunded', refunds: [{ id: 8910, reason: '', total: '-528.00' }] });
  expect(
    await ctx.database.db
      .selectFrom('audit_entry')
      .select('id')
      .where('entity_id', '=', undone.licenses[0]!)
      .execute(),
  ).toHaveLength(1);
});
