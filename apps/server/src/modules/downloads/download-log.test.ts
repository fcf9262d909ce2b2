import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listMessages, type DownloadRecord, type License } from '@lizenzportal/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

let files: string;
beforeEach(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-log-'));
});
afterEach(() => fs.rmSync(files, { recursive: true, force: true }));

async function publish(product: string, version: string, platform?: string) {
  const file = path.join(files, `${product}-${platform ?? 'all'}-${version}.zip`);
  fs.writeFileSync(file, 'installer');
  await ctx.app.services.releases.publish({ product, version, platform, file });
}

/** A bound license signed in as its holder, who then asks for download links. */
async function holder(name: string, properties: Record<string, unknown>) {
  const license = await ctx.bindLicense(await ctx.createLicense({ properties }), { name });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.authenticationCode },
  });
  const headers = { authorization: `Bearer ${response.json().data.token}` };
  const link = async (url: string) => {
    const answer = await ctx.app.inject({ method: 'GET', url, headers });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  return { license, headers, link };
}

async function log(query: string): Promise<{ downloads: DownloadRecord[]; total: number }> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/download${query}`,
    headers: await ctx.adminHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const softwareUrl = (license: License) => `/api/v1/license/${license._id}/download/software/url`;

describe('download log (GET /download)', () => {
  test('lists every issued link newest first, with the license, its holder and its counts', async () => {
    await publish('software-9', '9.2.0');
    await publish('metasearch', '3.4.0', 'windows');
    const school = await holder('Schule am Deich', { class: 'pro', size: 5 });
    const server = await holder('Förderzentrum Nord', { class: 'server', size: 20 });
    await school.link(softwareUrl(school.license));
    await school.link(softwareUrl(school.license));
    await server.link('/api/v1/product/metasearch/platform/windows/download-link');

    const all = await log('');
    expect(all.total).toBe(3);
    expect(all.downloads[0]).toMatchObject({
      object: 'metasearch',
      product: 'metasearch',
      platform: 'windows',
      version: '3.4.0',
      completedAt: null,
      bytesSent: 0,
      license: {
        _id: server.license._id,
        key: server.license.key,
        holder: { name: 'Förderzentrum Nord' },
        downloads: { software: 0, metasearch: 1 },
      },
    });
    expect(all.downloads[1]!.license.downloads).toEqual({ software: 2, metasearch: 0 });

    // The back office's `?license=` address asks for exactly this filter.
    const ofSchool = await log(`?license=${school.license._id}`);
    expect(ofSchool.total).toBe(2);
    expect(ofSchool.downloads.every((record) => record.license._id === school.license._id)).toBe(true);
    expect((await log('?object=metasearch')).downloads.map((record) => record.license._id)).toEqual([
      server.license._id,
    ]);
    expect((await log('?license.holder.name=/deich/i')).total).toBe(2);
    expect((await log(`?license.key=${server.license.key}`)).total).toBe(1);
    expect((await log('?platform')).total).toBe(1);
    expect((await log('?sort=version&limit=1')).downloads[0]!.version).toBe('3.4.0');
    expect((await log('?createdAt<01.01.2000')).total).toBe(0);
  });

  test('only admins read it; fields outside the log are refused', async () => {
    await publish('software-9', '9.2.0');
    const school = await holder('Schule am Deich', { class: 'pro', size: 5 });
    await school.link(softwareUrl(school.license));

    expect(errorOf(await ctx.app.inject({ method: 'GET', url: '/api/v1/download' })).status).toBe(401);
    const asHolder = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/download?license=${school.license._id}`,
      headers: school.headers,
    });
    expect(errorOf(asHolder).status).toBe(403);

    const headers = await ctx.adminHeaders();
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/download?size=1', headers });
    expect(errorOf(unknown)).toMatchObject({ status: 400, message: listMessages.unknownField('size') });
    const badId = await ctx.app.inject({ method: 'GET', url: '/api/v1/download?license=4711', headers });
    expect(errorOf(badId).status).toBe(400);
  });
});
