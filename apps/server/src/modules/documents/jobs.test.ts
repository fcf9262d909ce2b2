import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';

const ctx = useTestApp({ WORKER: 'inline' });

test('new licenses get their starter documents from background jobs', async () => {
  const headers = await ctx.adminHeaders();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license',
    headers,
    payload: { count: 3, properties: { dvdCount: 0 } },
  });
  const ids: string[] = created.json().data.licenses.map((license: { _id: string }) => license._id);
  for (const id of ids) {
    const license = await eventually(async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${id}`, headers });
      const current = response.json().data.license;
      return current.starterDocument ? current : undefined;
    });
    expect(license.starterDocument).toMatch(new RegExp(`^licenses/${id}/starter-`));
  }
});

test('without SMTP_URL a delivery is written as an .eml file to the outbox', async () => {
  const headers = await ctx.adminHeaders();
  const [license] = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers,
      payload: { generateStarterDocument: false, properties: { dvdCount: 0 } },
    })
  ).json().data.licenses;
  await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${license._id}/delivery`,
    headers,
    payload: { documentType: 'starter', recipient: 'outbox@example.com' },
  });
  const outbox = ctx.config.mail.outboxDir;
  const file = await eventually(() =>
    fs.existsSync(outbox) ? fs.readdirSync(outbox).find((name) => name.endsWith('.eml')) : undefined,
  );
  const message = fs.readFileSync(path.join(outbox, file), 'utf8');
  expect(message).toContain('To: outbox@example.com');
  expect(message).toContain('Subject: Ihr Startdokument');
  expect(message).toContain('Content-Type: application/pdf');
});
