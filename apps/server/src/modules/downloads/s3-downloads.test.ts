import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test, vi } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { startS3Server, stubS3Credentials } from '../../test/s3.ts';
import { eventually } from '../../test/smtp.ts';
import { DownloadRepository } from './repository.ts';

// Downloads with the portal configured for S3 as in production (STORAGE_URL, S3_ENDPOINT, AWS_*
// credentials), against a real S3-compatible server: a published release is uploaded to the bucket,
// and a customer's signed link streams it back from there, whole, by byte range and as HEAD.
const s3 = await startS3Server();
stubS3Credentials();
const ctx = useTestApp({
  STORAGE_URL: `s3://${s3.bucket}/portal`,
  S3_ENDPOINT: s3.endpoint,
  PUBLIC_URL: 'https://portal.example',
});
const releaseFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-s3-releases-'));
afterAll(async () => {
  vi.unstubAllEnvs();
  fs.rmSync(releaseFiles, { recursive: true, force: true });
  await s3.close();
});

/** 1 MiB whose byte values tell their position, so a wrong range shows. */
const INSTALLER = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, index) => index % 251));

/** The path and query of a signed link (inject takes no absolute URL of the public address). */
function local(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

test('a published release is stored in the bucket and downloaded from it, whole and by range', async () => {
  const file = path.join(releaseFiles, 'setup-9.2.0.exe');
  fs.writeFileSync(file, INSTALLER);
  await ctx.app.services.releases.publish({ product: 'software-9', version: '9.2.0', file });
  expect(
    s3.requests.some((request) => request.includes(`/${s3.bucket}/portal/products/software-9/9.2.0/`)),
  ).toBe(true);
  expect(fs.existsSync(path.join(ctx.config.dataDir, 'files'))).toBe(false);

  const license = await ctx.bindLicense(await ctx.createLicense({ properties: { class: 'pro', size: 5 } }), {
    name: 'Förderschule am Deich',
  });
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.authenticationCode },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const linked = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/license/${license._id}/download/software/url`,
    headers: { authorization: `Bearer ${signIn.json().data.token}` },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const link = local(linked.json().data.url);

  const whole = await ctx.app.inject({ method: 'GET', url: link });
  expect(whole.statusCode).toBe(200);
  expect(whole.rawPayload.equals(INSTALLER)).toBe(true);

  const ranged = await ctx.app.inject({
    method: 'GET',
    url: link,
    headers: { range: 'bytes=500000-500999' },
  });
  expect(ranged.statusCode).toBe(206);
  expect(ranged.headers['content-range']).toBe(`bytes 500000-500999/${INSTALLER.length}`);
  expect(ranged.rawPayload.equals(INSTALLER.subarray(500_000, 501_000))).toBe(true);

  const head = await ctx.app.inject({ method: 'HEAD', url: link });
  expect(head.statusCode).toBe(200);
  expect(head.headers['content-length']).toBe(String(INSTALLER.length));

  const [record] = await eventually(async () => {
    const rows = await new DownloadRepository(ctx.database.db).ofLicense(license._id);
    return rows[0]?.completed_at && rows[0].bytes_sent >= INSTALLER.length ? rows : undefined;
  });
  expect(record).toMatchObject({ object: 'software', product: 'software-9', version: '9.2.0' });
  expect(
    s3.requests.filter((request) => request.includes('/portal/products/') && request.startsWith('GET ')),
  ).not.toEqual([]);
});
