import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { JOBS } from '../../jobs/catalogue.ts';
import { errorOf, useTestApp } from '../../test/app.ts';
import { freePort } from '../../test/process.ts';
import { listenForMetrics } from './metrics-server.ts';
import { parseScrape, sampleValue } from './test-scrape.ts';

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

// Neither METRICS_TOKEN nor METRICS_PORT; jobs stay queued (WORKER=off), so the queue figures hold still.
const ctx = useTestApp();
let metricsServer: FastifyInstance | undefined;
afterEach(async () => {
  await metricsServer?.close();
  metricsServer = undefined;
});

async function listen(token?: string): Promise<string> {
  const port = await freePort();
  metricsServer = await listenForMetrics(ctx.app.services.metrics, { port, token }, ctx.app.log);
  return `http://127.0.0.1:${port}`;
}

/** An address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

test('unconfigured, /metrics is an unknown address: 404 in the error envelope, whatever the bearer', async () => {
  for (const headers of [{}, { authorization: 'Bearer anything-at-all' }]) {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect(errorOf(response)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Diese Adresse gibt es nicht.',
    });
  }
});

test('METRICS_PORT serves the figures at 127.0.0.1 alone, not on the portal port or another address', async () => {
  const base = await listen();
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(sampleValue(parseScrape(await response.text()), 'lizenzportal_order_generations_failed')).toBe(0);
  const elsewhere = await fetch(`${base}/api/v1/health`);
  expect(elsewhere.status).toBe(404);
  expect(await errorCode(elsewhere)).toBe('NOT_FOUND');

  expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  const outside = outsideAddress();
  if (outside) await expect(fetch(`${base.replace('127.0.0.1', outside)}/metrics`)).rejects.toThrow();
});

test('with METRICS_TOKEN too, the metrics port wants it as bearer', async () => {
  const token = 'port-and-token-0123456789abcdefghijkl';
  const base = await listen(token);
  const refused = await fetch(`${base}/metrics`);
  expect(refused.status).toBe(401);
  expect(await errorCode(refused)).toBe('AUTHENTICATION_REQUIRED');
  expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
    200,
  );
});

test('per queue: jobs due, delayed, active and failed, and how long the oldest due job has waited', async () => {
  const { queue, metrics } = ctx.app.services;
  const queueName = JOBS.recoverLicenses.name;
  const jobs = async () => {
    const samples = parseScrape(await metrics.scrape());
    const count = (state: string) => sampleValue(samples, 'lizenzportal_jobs', { queue: queueName, state });
    return {
      queued: count('queued'),
      delayed: count('delayed'),
      active: count('active'),
      failed: count('failed'),
      oldest: sampleValue(samples, 'lizenzportal_jobs_oldest_waiting_seconds', { queue: queueName }),
    };
  };
  expect(await jobs()).toEqual({ queued: 0, delayed: 0, active: 0, failed: 0, oldest: 0 });

  await queue.send(JOBS.recoverLicenses, { email: 'eins@example.com' });
  await queue.send(JOBS.recoverLicenses, { email: 'zwei@example.com' });
  await queue.send(
    JOBS.recoverLicenses,
    { email: 'spaeter@example.com' },
    { startAfter: new Date(Date.now() + 3_600_000) },
  );
  // One due job has waited 90 s, one has failed for good.
  await sql`
    update pgboss.job set start_after = now() - interval '90 seconds'
    where name = ${queueName} and data ->> 'email' = 'eins@example.com'
  `.execute(ctx.database.db);
  await sql`
    update pgboss.job set state = 'failed'
    where name = ${queueName} and data ->> 'email' = 'zwei@example.com'
  `.execute(ctx.database.db);

  const figures = await jobs();
  expect(figures).toMatchObject({ queued: 1, delayed: 1, active: 0, failed: 1 });
  expect(figures.oldest).toBeGreaterThanOrEqual(90);
  expect(figures.oldest).toBeLessThan(120);
});
