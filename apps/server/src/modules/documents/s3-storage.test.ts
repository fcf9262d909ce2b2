import fs from 'node:fs';
import path from 'node:path';
import { formatLicenseKey } from '@lizenzportal/domain';
import { afterAll, expect, test, vi } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { startS3Server, stubS3Credentials } from '../../test/s3.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { pdfText, unzip } from './test-fixtures.ts';

// The portal configured for S3 as in production (STORAGE_URL, S3_ENDPOINT, AWS_* credentials),
// against a real S3-compatible server: documents are written by the job worker, read back for
// signed URLs, mail attachments and ZIP batches.
const s3 = await startS3Server();
const smtp = await startSmtpServer();
stubS3Credentials();
const ctx = useTestApp({
  STORAGE_URL: `s3://${s3.bucket}/portal`,
  S3_ENDPOINT: s3.endpoint,
  WORKER: 'inline',
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://portal.example',
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
  await s3.close();
});

test('documents are made, served, mailed and zipped through S3 storage', { timeout: 90_000 }, async () => {
  const headers = await ctx.adminHeaders();
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license',
    headers,
    payload: { count: 2, properties: { dvdCount: 0 }, generateStarterDocument: true },
  });
  const licenses: { _id: string; key: string }[] = created.json().data.licenses;
  // The job worker renders the starter documents and stores them in the bucket.
  const keys = await Promise.all(
    licenses.map((license) =>
      eventually(async () => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/license/${license._id}`,
          headers,
        });
        return (response.json().data.license.starterDocument as string | null) ?? undefined;
      }, 30_000),
    ),
  );
  for (const key of keys) {
    expect(s3.requests).toContain(`PUT /${s3.bucket}/portal/${key}?x-id=PutObject`);
  }
  expect(fs.existsSync(path.join(ctx.config.dataDir, 'files'))).toBe(false);

  // A signed URL serves the PDF read from the bucket.
  const [first] = licenses;
  const url = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${first!._id}/starter-document-url`,
      headers,
    })
  ).json().data.url as string;
  const served = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('application/pdf');
  expect(await pdfText(served.rawPayload)).toContain(formatLicenseKey(first!.key));

  // A delivery attaches the very same file.
  await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${first!._id}/delivery`,
    headers,
    payload: { documentType: 'starter', recipient: 'kunde@example.com' },
  });
  const mail = await eventually(() => smtp.received[0], 30_000);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]!.content.equals(served.rawPayload)).toBe(true);

  // A batch of both as ZIP, each file read from the bucket.
  const batch = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/batch-download/license-documents/starter/zip',
    headers,
    payload: { licenses: licenses.map((license) => license._id) },
  });
  expect(batch.statusCode).toBe(200);
  const files = await unzip(batch.rawPayload);
  expect(files).toHaveLength(2);
  expect(files.map((file) => file.data.subarray(0, 5).toString())).toEqual(['%PDF-', '%PDF-']);
  expect(files.some((file) => file.data.equals(served.rawPayload))).toBe(true);
  for (const key of keys) expect(s3.requests).toContain(`GET /${s3.bucket}/portal/${key}?x-id=GetObject`);
});
