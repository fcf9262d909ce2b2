import { expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { freePort } from '../../test/process.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { deliveryReader } from './test-helpers.ts';

const port = await freePort();
const ctx = useTestApp({
  WORKER: 'inline',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_RETRY_LIMIT: '6',
  MAIL_RETRY_DELAY_SECONDS: '1',
});

const deliveryOf = deliveryReader(ctx);

test('a mail server that is not listening, then listening: the mail arrives exactly once', async () => {
  const license = await ctx.createLicense();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${license._id}/delivery`,
    headers: await ctx.adminHeaders(),
    payload: { documentType: 'starter', recipient: 'geduld@example.com' },
  });
  const created = response.json().data.delivery;
  const refused = await eventually(async () => {
    const current = await deliveryOf(created._id);
    return current.attempts >= 1 ? current : undefined;
  });
  expect(refused.progress).toBe('in-progress');
  expect(refused.error).toContain('ECONNREFUSED');

  const smtp = await startSmtpServer({ port });
  try {
    const delivered = await eventually(async () => {
      const current = await deliveryOf(created._id);
      return current.progress === 'completed' ? current : undefined;
    }, 30_000);
    expect(delivered.error).toBeNull();
    // A second delivery through the same queue, sent after the first: once it arrived, any second
    // send of the first would have arrived before it.
    const next = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/delivery`,
      headers: await ctx.adminHeaders(),
      payload: { documentType: 'starter', recipient: 'danach@example.com' },
    });
    const nextId = next.json().data.delivery._id;
    await eventually(async () => (await deliveryOf(nextId)).progress === 'completed' || undefined);
    const recipients = smtp.received.map((mail) => mail.to && [mail.to].flat()[0]!.value[0]!.address);
    expect(recipients).toEqual(['geduld@example.com', 'danach@example.com']);
  } finally {
    await smtp.close();
  }
});
