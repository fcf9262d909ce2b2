import { expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { queuedJobs } from '../../test/database.ts';

// Without a worker the recovery jobs stay queued: what the request itself does is what shows.
const ctx = useTestApp();

/** Headers that differ between any two requests, whatever the address: the time, the request's id. */
const PER_RESPONSE = new Set(['date', 'x-request-id']);

test('a known and an unknown address get the same answer from the same work: a queued job, no lookup', async () => {
  await ctx.bindLicense(await ctx.createLicense(), { name: 'Schule am Deich', email: 'bekannt@example.com' });
  const ask = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/license-recovery', payload: { email } });
  const known = await ask('Bekannt@Example.com');
  const unknown = await ask('unbekannt@example.com');

  expect(known.statusCode).toBe(202);
  expect(unknown.statusCode).toBe(known.statusCode);
  expect(unknown.body).toBe(known.body);
  const comparable = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
  expect(comparable(unknown.headers)).toEqual(comparable(known.headers));

  // The time of the answer cannot depend on the address: the request only queues it, the
  // licenses are looked up (and mailed) by the job.
  expect(await queuedJobs(ctx.database, 'recover-licenses')).toEqual([
    { email: 'Bekannt@Example.com' },
    { email: 'unbekannt@example.com' },
  ]);
  expect(await ctx.database.db.selectFrom('delivery').selectAll().execute()).toEqual([]);
});
