import { formatLicenseKey } from '@lizenzportal/domain';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const ctx = useTestApp({ WORKER: 'inline', SMTP_URL: smtp.url });

describe('the mails of a binding', () => {
  test('the holder receives the license document; the recovery sends it again', async () => {
    smtp.received.length = 0;
    const license = await ctx.createLicense({ properties: { class: 'pro', size: 5 } });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: license.key, authenticationCode: license.startCode },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/holder`,
      headers: { authorization: `Bearer ${login.json().data.token}` },
      payload: {
        name: 'Praxis für Logopädie Øberg',
        contact: 'Zoë Øberg',
        email: 'praxis@example.com',
        emailConfirmation: 'praxis@example.com',
      },
    });
    expect(response.statusCode).toBe(200);
    const documentName = `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`;

    const bindMail = await eventually(() =>
      smtp.received.find((mail) => mail.subject?.startsWith('Ihre Lizenz ist gebunden')),
    );
    expect(bindMail.to).toMatchObject({ value: [{ address: 'praxis@example.com' }] });
    expect(bindMail.text).toContain('Lizenznehmer: Praxis für Logopädie Øberg');
    expect(bindMail.attachments.map((attachment) => attachment.filename)).toEqual([documentName]);
    expect(bindMail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const stored = await eventually(
      async () => (await ctx.app.services.licenses.findById(license._id))?.license_document ?? undefined,
    );
    expect(await ctx.app.services.storage.exists(stored)).toBe(true);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license-recovery',
      payload: { email: 'Praxis@Example.com' },
    });
    const recoveryMail = await eventually(() =>
      smtp.received.find((mail) => mail.subject === 'Ihre Lizenzdokumente'),
    );
    expect(recoveryMail.attachments.map((attachment) => attachment.filename)).toEqual([documentName]);
  });
});
