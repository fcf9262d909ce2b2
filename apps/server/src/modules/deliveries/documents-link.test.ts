import {
  DELIVERY_LINK_DAYS,
  deliveryLinkMessages,
  deliveryMailTexts,
  formatLicenseKey,
  type License,
} from '@lizenzportal/domain';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { unzip } from '../documents/test-fixtures.ts';
import { useTestApp } from '../../test/app.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { deliveryReader } from './test-helpers.ts';

// A real mail server: what the recipient gets is read as it arrives.
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

/**
 * A license document is about 52 KB (71 KB as base64): a mail of one stays well below this limit
 * of 0.15 MiB (157 KB), a mail of three passes it (213 KB; decision 070).
 */
const LIMIT_MB = '0.15';
const ctx = useTestApp({ WORKER: 'inline', SMTP_URL: smtp.url, DELIVERY_ATTACHMENT_LIMIT_MB: LIMIT_MB });
const deliveryOf = deliveryReader(ctx);
const T = deliveryMailTexts.documentsLink;

/** Three licenses bound to one address, and the recovery mail that sends their documents. */
async function recoveryOfThree(email: string) {
  const licenses: License[] = [];
  for (let count = 0; count < 3; count++) {
    licenses.push(await ctx.bindLicense(await ctx.createLicense(), { name: 'Grundschule Am Wall', email }));
  }
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license-recovery',
    payload: { email },
  });
  expect(answer.statusCode).toBe(202);
  const mail = await eventually(
    () =>
      smtp.received.find(
        (received) =>
          received.to &&
          received.text?.includes(formatLicenseKey(licenses[0]!.key)) &&
          received.subject === 'Ihre Lizenzdokumente',
      ),
    // The recovery job, then the delivery's job with three documents rendered: slow on a busy machine.
    45_000,
  );
  return { licenses, mail };
}

/** The one link to the ZIP a mail carries, as a path the app answers. */
function zipLinkOf(text: string): { url: string; path: string } {
  const links = [...text.matchAll(/https?:\/\/\S+\/api\/v1\/delivery-documents\?\S+/g)].map(
    (match) => match[0],
  );
  expect(links).toHaveLength(1);
  const url = new URL(links[0]!);
  return { url: links[0]!, path: `${url.pathname}${url.search}` };
}

const download = (path: string) => ctx.app.inject({ method: 'GET', url: path });

describe('a delivery too large for attachments', () => {
  test('mails one signed link to a ZIP of every document instead, shown in the back office too', async () => {
    const { licenses, mail } = await recoveryOfThree('sekretariat@am-wall.example');

    expect(mail.attachments).toHaveLength(0);
    expect(mail.text).toContain(T.instead('die Lizenzdokumente'));
    const link = zipLinkOf(mail.text!);
    expect(mail.text).toContain(`${T.action}: ${link.url}`);
    expect(mail.text).toMatch(
      new RegExp(
        `Der Link ist ${DELIVERY_LINK_DAYS} Tage gültig, bis \\d\\d\\.\\d\\d\\.\\d\\d \\d\\d:\\d\\d Uhr\\.`,
      ),
    );
    expect(mail.html).toContain(`>${T.action}</a>`);
    // Every license is still listed with its key.
    for (const license of licenses) expect(mail.text).toContain(formatLicenseKey(license.key));

    const [listed] = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/delivery?occasion=recovery&recipient=sekretariat@am-wall.example',
        headers: await ctx.adminHeaders(),
      })
    ).json().data.deliveries;
    const delivery = await eventually(async () => {
      const current = await deliveryOf(listed._id);
      return current.progress === 'completed' ? current : undefined;
    });
    expect(delivery.documents).toHaveLength(3);
    expect(delivery.documentsLink.url).toBe(link.url);
    const validDays = (Date.parse(delivery.documentsLink.expiresAt) - Date.now()) / 86_400_000;
    expect(validDays).toBeGreaterThan(DELIVERY_LINK_DAYS - 0.01);
    expect(validDays).toBeLessThanOrEqual(DELIVERY_LINK_DAYS);
    // The mail as the back office shows it is the mail that was sent.
    expect(delivery.content).toContain(T.action);

    const response = await download(link.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{4}-\d\d-\d\d_Dokumente\.zip"/,
    );
    const entries = await unzip(response.rawPayload);
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      licenses.map((license) => `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`).sort(),
    );
    for (const entry of entries) expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);

  test('an expired, altered or forged link is refused with a German 403', async () => {
    const { mail } = await recoveryOfThree('verwaltung@am-wall.example');
    const { path } = zipLinkOf(mail.text!);

    const refused = async (address: string, message: string) => {
      const response = await download(address);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'FORBIDDEN', message });
    };
    const url = new URL(path, 'http://portal');
    const altered = (name: string, value: string) => {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      return `${changed.pathname}${changed.search}`;
    };
    const signature = url.searchParams.get('signature')!;
    await refused(
      altered('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      deliveryLinkMessages.invalid,
    );
    await refused(altered('key', crypto.randomUUID()), deliveryLinkMessages.invalid);
    await refused(
      altered('expires', String(Number(url.searchParams.get('expires')) + 86_400)),
      deliveryLinkMessages.invalid,
    );

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + (DELIVERY_LINK_DAYS * 86_400 + 60) * 1000);
    try {
      await refused(path, deliveryLinkMessages.expired);
    } finally {
      vi.restoreAllMocks();
    }
    expect((await download(path)).statusCode).toBe(200);
  }, 60_000);

  test('below the limit the documents stay attachments, without a link', async () => {
    const license = await ctx.bindLicense(await ctx.createLicense(), {
      name: 'Musikschule Nord',
      email: 'nord@example.com',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/delivery`,
      headers: await ctx.adminHeaders(),
      payload: { documentType: 'license', recipient: 'nord@example.com', note: 'einzeln' },
    });
    expect(response.statusCode).toBe(201);
    const mail = await eventually(() =>
      smtp.received.find((received) => received.text?.includes('Hinweis: einzeln')),
    );
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      `Lizenzdokument_${formatLicenseKey(license.key)}.pdf`,
    ]);
    expect(mail.text).not.toContain('/delivery-documents');
    expect(mail.text).toContain('Im Anhang finden Sie das Lizenzdokument (PDF).');
    const delivery = await eventually(async () => {
      const current = await deliveryOf(response.json().data.delivery._id);
      return current.progress === 'completed' ? current : undefined;
    });
    expect(delivery.documentsLink).toBeNull();
  }, 60_000);
});
