import { expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { eventually } from '../../test/smtp.ts';
import { webhookSignature } from '../shop/signature.ts';
import { orderNumbered, wooCommerceJson } from '../shop/test-orders.ts';
import { SIGN_IN_POLICY } from '../auth/throttle.ts';
import { parseScrape, sampleValue } from './test-scrape.ts';

const TOKEN = 'metrics-test-token-0123456789abcdefghij';
const SECRET = 'metrics-test-webhook-secret';
const ctx = useTestApp({
  METRICS_TOKEN: TOKEN,
  WORKER: 'inline',
  SHOP_WEBHOOK_SECRET: SECRET,
  // A generation that cannot be fulfilled fails at once.
  SHOP_ORDER_RETRY_LIMIT: '0',
});

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

async function samples() {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  return parseScrape(response.body);
}

/** A paid shop order of DVDs alone, which the portal cannot fulfil: its generation fails. */
async function orderThatFails(number: number) {
  const order = orderNumbered(number);
  order.line_items = order.line_items!.filter((line) => line.sku !== 'M9-PRO');
  const body = wooCommerceJson(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    },
    payload: body,
  });
  expect(response.json().data.received, response.body).toBe('created');
}

test('only a bearer of METRICS_TOKEN reads the figures; anyone else gets 401 in the error envelope', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
    const refused = await scrape(authorization);
    expect(errorOf(refused)).toMatchObject({ status: 401, code: 'AUTHENTICATION_REQUIRED' });
    expect(refused.body).not.toContain('lizenzportal_');
  }
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
});

test('a failed order generation shows in /metrics as soon as it failed', async () => {
  expect(sampleValue(await samples(), 'lizenzportal_order_generations_failed')).toBe(0);
  await orderThatFails(7100);
  await eventually(
    async () => sampleValue(await samples(), 'lizenzportal_order_generations_failed') === 1,
    60_000,
  );
  const figures = await samples();
  expect(sampleValue(figures, 'lizenzportal_deliveries_failed')).toBe(0);
  expect(sampleValue(figures, 'lizenzportal_deliveries_in_doubt')).toBe(0);
  expect(sampleValue(figures, 'lizenzportal_offers_open')).toBe(0);
  // Every queue is listed, the generations' too, with its jobs by state.
  for (const state of ['queued', 'delayed', 'active', 'failed']) {
    expect(
      sampleValue(figures, 'lizenzportal_jobs', { queue: JOBS.generateOrder.name, state }),
    ).toBeGreaterThanOrEqual(0);
  }
});

test('request durations are counted by route pattern and status, never by the address asked for', async () => {
  const license = await ctx.createLicense();
  const headers = await ctx.adminHeaders();
  const before = await samples();
  const count = (figures: typeof before, status: string) =>
    sampleValue(figures, 'lizenzportal_http_request_duration_seconds_count', {
      route: '/api/v1/license/:id',
      method: 'GET',
      status,
    }) ?? 0;
  await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers });
  await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}` });
  await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-address' });
  const response = await scrape(`Bearer ${TOKEN}`);
  const after = parseScrape(response.body);
  expect(count(after, '200') - count(before, '200')).toBe(1);
  expect(count(after, '401') - count(before, '401')).toBe(1);
  expect(
    sampleValue(after, 'lizenzportal_http_request_duration_seconds_count', {
      route: 'unmatched',
      method: 'GET',
      status: '404',
    }),
  ).toBeGreaterThanOrEqual(1);
  expect(response.body).not.toContain(license._id);
  expect(response.body).not.toContain('no-such-address');
});

test('sign-ins the throttle refuses are counted', async () => {
  const license = await ctx.createLicense();
  const refusals = async () =>
    sampleValue(await samples(), 'lizenzportal_throttle_refusals_total', { scope: 'license' });
  const before = await refusals();
  for (let attempt = 0; attempt <= SIGN_IN_POLICY.freeFailures; attempt++) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: 'Falscher Name' },
    });
  }
  expect((await refusals())! - before!).toBe(1);
  expect(sampleValue(await samples(), 'lizenzportal_throttle_refusals_total', { scope: 'offer-code' })).toBe(
    0,
  );
});

test("the process's own figures are there: event-loop delay, heap, handles", async () => {
  const figures = await samples();
  expect(sampleValue(figures, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  expect(sampleValue(figures, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  expect(sampleValue(figures, 'nodejs_active_handles_total')).toBeGreaterThan(0);
});

test('a shop reconciliation that is not set up has no figures, so no alert on it can fire', async () => {
  const figures = (await samples()).filter((sample) =>
    sample.name.startsWith('lizenzportal_shop_reconciliation'),
  );
  expect(figures).toEqual([]);
});
