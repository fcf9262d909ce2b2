import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  downloadMessages,
  downloadTitle,
  linkErrorPage,
  NOT_FOUND_MESSAGES,
  requestIdNote,
  type License,
} from '@lizenzportal/domain';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { otherSpellings } from '../../test/signatures.ts';
import { eventually } from '../../test/smtp.ts';
import { PublicationError } from './releases.ts';
import { DownloadRepository } from './repository.ts';
import { DOWNLOAD_FILE_ROUTE } from './service.ts';

const ctx = useTestApp();

/** 1000 bytes whose value tells their position, so a wrong range shows. */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
let files: string;

beforeEach(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-releases-'));
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(files, { recursive: true, force: true });
});

function fileOf(name: string, content: Buffer | string = BYTES): string {
  const file = path.join(files, name);
  fs.writeFileSync(file, content);
  return file;
}

async function publish(product: string, version: string, platform?: string, content?: Buffer | string) {
  return ctx.app.services.releases.publish({
    product,
    version,
    platform,
    file: fileOf(`${product}-${platform ?? 'all'}-${version}.zip`, content),
  });
}

async function tokenOf(license: License): Promise<{ authorization: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.authenticationCode },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().data.token}` };
}

async function boundLicense(payload: Record<string, unknown> = {}) {
  const license = await ctx.bindLicense(await ctx.createLicense(payload), { name: 'Schule am Deich' });
  return { license, headers: await tokenOf(license) };
}

async function linkOf(url: string, headers: { authorization: string }) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** The path and query of a signed link (inject takes no absolute URL of the public address). */
function local(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

async function softwareLink(license: License, headers: { authorization: string }): Promise<string> {
  const response = await linkOf(`/api/v1/license/${license._id}/download/software/url`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return local(response.json().data.url);
}

const downloadsOf = (licenseId: string) => new DownloadRepository(ctx.database.db).ofLicense(licenseId);

describe('download links', () => {
  test('a bound download license gets a signed link to the latest release; it is recorded and counted', async () => {
    await publish('software-9', '9.1.0');
    const latest = await publish('software-9', '9.2.0');
    const { license, headers } = await boundLicense({ properties: { class: 'pro', size: 5 } });

    const link = await softwareLink(license, headers);
    expect(link).toMatch(/^\/api\/v1\/download\/file\?key=products%2Fsoftware-9%2F9\.2\.0%2F/);
    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(BYTES)).toBe(true);
    expect(file.headers['content-length']).toBe('1000');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="${latest.file_name}"; filename*=UTF-8''${latest.file_name}`,
    );

    const [record] = await eventually(async () => {
      const rows = await downloadsOf(license._id);
      return rows[0]?.completed_at ? rows : undefined;
    });
    expect(record).toMatchObject({
      object: 'software',
      product: 'software-9',
      version: '9.2.0',
      release: latest.id,
      size: 1000,
      bytes_sent: 1000,
    });
    const current = await ctx.app.services.licenses.findById(license._id);
    expect(current).toMatchObject({ software_downloads: 1, metasearch_downloads: 0 });
  });

  test('every link request is recorded once; ranged requests of one link add bytes, not records', async () => {
    await publish('software-9', '9.2.0');
    const { license, headers } = await boundLicense();
    const first = await softwareLink(license, headers);
    await softwareLink(license, headers);
    await softwareLink(license, headers);
    await ctx.app.inject({ method: 'GET', url: first, headers: { range: 'bytes=0-499' } });
    // A range that stops before the end adds its bytes but completes nothing.
    const [firstHalf] = await eventually(async () => {
      const all = await downloadsOf(license._id);
      return all.some((row) => row.bytes_sent === 500) ? all.filter((row) => row.bytes_sent > 0) : undefined;
    });
    expect(firstHalf).toMatchObject({ bytes_sent: 500, completed_at: null });
    await ctx.app.inject({ method: 'GET', url: first, headers: { range: 'bytes=500-' } });
    await ctx.app.inject({ method: 'HEAD', url: first });

    const rows = await eventually(async () => {
      const all = await downloadsOf(license._id);
      return all.some((row) => row.completed_at && row.bytes_sent === 1000) ? all : undefined;
    });
    expect(rows).toHaveLength(3);
    const resumed = rows.find((row) => row.bytes_sent > 0)!;
    expect(resumed.bytes_sent).toBe(1000);
    expect(resumed.completed_at).not.toBeNull();
    expect(rows.filter((row) => row.bytes_sent === 0 && row.completed_at === null)).toHaveLength(2);
    expect((await ctx.app.services.licenses.findById(license._id))?.software_downloads).toBe(3);
  });

  test('a link only copied (never opened) still downloads hours later, recorded once', async () => {
    await publish('software-9', '9.2.0');
    const { license, headers } = await boundLicense({ properties: { class: 'pro', size: 5 } });
    const copied = await softwareLink(license, headers);
    // Issued is recorded and counted: the log knows the link before anybody opens it.
    expect(await downloadsOf(license._id)).toMatchObject([{ bytes_sent: 0, completed_at: null }]);

    // Opened on another workstation 23 hours later, within the link's day.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 23 * 60 * 60 * 1000 });
    const file = await ctx.app.inject({ method: 'GET', url: copied });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(BYTES)).toBe(true);
    const rows = await eventually(async () => {
      const all = await downloadsOf(license._id);
      return all[0]?.completed_at ? all : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ bytes_sent: 1000, version: '9.2.0' });
    expect((await ctx.app.services.licenses.findById(license._id))?.software_downloads).toBe(1);
  });

  test('an admin gets a platform installer link of the search product; it downloads, recorded for no license', async () => {
    await publish('metasearch', '3.4.1', 'linux-rpm', 'RPM-Installer');
    await publish('metasearch-multistep', '3.3.0', undefined, 'Mehrstufig');
    const admin = await ctx.adminHeaders();
    const link = await linkOf('/api/v1/product/metasearch/platform/linux-rpm/download-link', admin);
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().data.url);
    expect(url.searchParams.get('name')).toBe('metasearch-linux-rpm-3.4.1.zip');
    expect(url.searchParams.has('record')).toBe(false);
    const file = await ctx.app.inject({ method: 'GET', url: local(url.href) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('RPM-Installer');

    const multistep = await linkOf('/api/v1/product/metasearch/extra/multistep/download-link', admin);
    expect((await ctx.app.inject({ method: 'GET', url: local(multistep.json().data.url) })).body).toBe(
      'Mehrstufig',
    );
    expect((await linkOf('/api/v1/product/metasearch/platform/mac/download-link', admin)).statusCode).toBe(
      404,
    );
    expect(await ctx.database.db.selectFrom('download').selectAll().execute()).toEqual([]);
  });

  test('an unbound license may not download, whatever its permissions (403 naming the product)', async () => {
    await publish('software-9', '9.2.0');
    const license = await ctx.createLicense({ specialPermissions: ['download'] });
    const response = await linkOf(
      `/api/v1/license/${license._id}/download/software/url`,
      await tokenOf(license),
    );
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(
      downloadMessages.forbidden(downloadTitle({ product: 'software' }, license.version)),
    );
    expect(await downloadsOf(license._id)).toEqual([]);
  });

  test("another license's link, an admin and a missing capability get 403; nothing published is 404", async () => {
    await publish('software-8', '8.7.4');
    const { license, headers } = await boundLicense({
      version: '8',
      properties: { class: 'single', size: 1 },
    });
    const other = await ctx.createLicense();
    expect((await linkOf(`/api/v1/license/${other._id}/download/software/url`, headers)).statusCode).toBe(
      403,
    );
    const admin = await ctx.adminHeaders();
    expect((await linkOf(`/api/v1/license/${license._id}/download/software/url`, admin)).statusCode).toBe(
      403,
    );

    // A single version 8 license has neither the one-click nor the multistep installer.
    const oneClick = await linkOf('/api/v1/product/metasearch/platform/windows/download-link', headers);
    expect(oneClick.statusCode).toBe(403);
    expect(errorOf(oneClick).message).toBe(
      downloadMessages.forbidden('One-Click-Installer der Suchsoftware (Windows)'),
    );
    const multistep = await linkOf('/api/v1/product/metasearch/extra/multistep/download-link', headers);
    expect(errorOf(multistep).message).toBe(
      downloadMessages.forbidden('Mehrstufiger Installer der Suchsoftware'),
    );
    // Release notes come with the download area, but none are published.
    const notes = await linkOf(`/api/v1/license/${license._id}/download/release-notes/url`, headers);
    expect(notes.statusCode).toBe(404);
    expect(errorOf(notes).message).toBe(NOT_FOUND_MESSAGES.release);
    expect((await linkOf('/api/v1/product/metasearch/platform/beos/download-link', headers)).statusCode).toBe(
      400,
    );
    expect(await downloadsOf(license._id)).toEqual([]);
  });

  test('a v9 license downloads the one-click installer per platform, counted as the search product', async () => {
    await publish('metasearch', '3.4.0', 'windows');
    await publish('metasearch', '3.4.1', 'mac');
    await publish('metasearch-multistep', '3.3.0');
    const { license, headers } = await boundLicense({ properties: { class: 'personal', size: 1 } });

    const latest = await linkOf('/api/v1/product/metasearch/latest-version', headers);
    expect(latest.json().data).toMatchObject({
      version: '3.4.1',
      platforms: { windows: '3.4.0', mac: '3.4.1', linux: null },
      multistep: '3.3.0',
    });
    const link = await linkOf('/api/v1/product/metasearch/platform/mac/download-link', headers);
    expect(link.statusCode).toBe(200);
    expect(new URL(link.json().data.url).searchParams.get('name')).toBe('metasearch-mac-3.4.1.zip');
    const rows = await downloadsOf(license._id);
    expect(rows).toMatchObject([
      { object: 'metasearch', product: 'metasearch', platform: 'mac', version: '3.4.1' },
    ]);
    expect((await ctx.app.services.licenses.findById(license._id))?.metasearch_downloads).toBe(1);
    expect(
      (await linkOf('/api/v1/product/metasearch/platform/linux/download-link', headers)).statusCode,
    ).toBe(404);
  });
});

describe('the file behind a download link', () => {
  async function oneLink() {
    await publish('software-9', '9.2.0');
    const { license, headers } = await boundLicense();
    return { license, link: await softwareLink(license, headers) };
  }

  test.each([
    ['the first byte', 'bytes=0-0', 0, 0],
    ['the middle', 'bytes=100-199', 100, 199],
    ['a suffix', 'bytes=-10', 990, 999],
    ['from a byte on', 'bytes=995-', 995, 999],
    ['past the end, cut at it', 'bytes=900-5000', 900, 999],
  ])('answers a range request for %s with 206', async (_name, range, start, end) => {
    const { link } = await oneLink();
    const response = await ctx.app.inject({ method: 'GET', url: link, headers: { range } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(BYTES.subarray(start, end + 1))).toBe(true);
  });

  test('refuses a range outside the file with 416 and sends the whole file for ranges it does not serve', async () => {
    const { link } = await oneLink();
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const response = await ctx.app.inject({ method: 'GET', url: link, headers: { range } });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3', 'bytes=abc']) {
      const response = await ctx.app.inject({ method: 'GET', url: link, headers: { range } });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload.length).toBe(1000);
    }
  });

  test('answers HEAD without a body, and honours If-Range only for the same file', async () => {
    const { license, link } = await oneLink();
    const head = await ctx.app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload.length).toBe(0);
    const etag = head.headers['etag'] as string;
    expect(etag).toMatch(/^"/);

    const same = await ctx.app.inject({
      method: 'GET',
      url: link,
      headers: { range: 'bytes=10-19', 'if-range': etag },
    });
    expect(same.statusCode).toBe(206);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: link,
      headers: { range: 'bytes=10-19', 'if-range': '"another-file"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(BYTES)).toBe(true);
    // HEAD sent nothing; the two GETs 10 + 1000 bytes, the second to the end.
    const [row] = await eventually(async () => {
      const rows = await downloadsOf(license._id);
      return rows[0]?.completed_at && rows[0].bytes_sent === 1010 ? rows : undefined;
    });
    expect(row).toMatchObject({ bytes_sent: 1010 });
  });

  test('refuses a tampered or expired link with 403', async () => {
    const { link } = await oneLink();
    const url = new URL(link, 'http://portal.test');
    const tampered = (change: (query: URLSearchParams) => void) => {
      const query = new URLSearchParams(url.search);
      change(query);
      return `${url.pathname}?${query}`;
    };
    for (const forged of [
      tampered((query) => query.set('name', 'anders.zip')),
      tampered((query) => query.set('key', 'products/software-8/8.7.4/000000000000/x.zip')),
      tampered((query) => query.set('expires', String(Number(query.get('expires')) + 60))),
      tampered((query) => query.set('record', '0b7a2f5e-7c39-4a43-9d2b-5f8f3e0b9c11')),
      tampered((query) => query.delete('record')),
      tampered((query) => query.set('signature', 'A'.repeat(43))),
      // The same signature's other spellings (its last character's two unused bits set).
      ...otherSpellings(url.searchParams.get('signature')!).map((signature) =>
        tampered((query) => query.set('signature', signature)),
      ),
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: forged });
      expect(response.statusCode, forged).toBe(403);
      expect(errorOf(response).message).toBe(downloadMessages.linkInvalid);
    }
    // A document link's route is not a download link's.
    expect(
      (await ctx.app.inject({ method: 'GET', url: link.replace('/download/file', '/document/file') }))
        .statusCode,
    ).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 1000 });
    const expired = await ctx.app.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).message).toBe(downloadMessages.linkExpired);
  });

  test('shows a browser that follows an expired link a German page, not the API envelope', async () => {
    const { link } = await oneLink();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 1000 });
    const response = await ctx.app.inject({
      method: 'GET',
      url: link,
      // What a browser sends when it opens a link from a mail or a page.
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const page = response.body;
    expect(page).toContain('<html lang="de">');
    expect(page).toContain(`<h1>${linkErrorPage.heading}</h1>`);
    expect(page).toContain(downloadMessages.linkExpired);
    expect(page).toContain(`<a href="/">${linkErrorPage.toPortal}</a>`);
    expect(page).toContain(requestIdNote(response.headers['x-request-id'] as string));

    // The web app's own requests still get the envelope.
    const fromApp = await ctx.app.inject({
      method: 'GET',
      url: link,
      headers: { accept: 'application/json' },
    });
    expect(errorOf(fromApp).message).toBe(downloadMessages.linkExpired);

    // The API's document says so: each refusal of a signed link has both answers.
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    const refused = document.paths[`/api/v1${DOWNLOAD_FILE_ROUTE}`]!['get']!.responses['403']!;
    expect(Object.keys(refused.content ?? {})).toEqual(['application/json', 'text/html']);
  });
});

describe('publishing a release', () => {
  test('refuses bad input with a clear message and changes nothing', async () => {
    const file = fileOf('setup.zip');
    const releases = ctx.app.services.releases;
    const products = path.join(ctx.config.dataDir, 'files', 'products');
    const storedBefore = fs.existsSync(products) ? fs.readdirSync(products, { recursive: true }).length : 0;
    const cases: [Parameters<typeof releases.publish>[0], RegExp][] = [
      [{ product: 'software-7', version: '1', file }, /Unknown product "software-7"/],
      [{ product: 'metasearch', version: '1', file }, /needs --platform/],
      [{ product: 'metasearch', version: '1', platform: 'amiga', file }, /not "amiga"/],
      [{ product: 'software-9', version: '1', platform: 'mac', file }, /without platforms/],
      [{ product: 'software-9', version: '../1', file }, /Invalid version/],
      [{ product: 'software-9', version: '1', file: path.join(files, 'missing.zip') }, /No such file/],
    ];
    for (const [publication, message] of cases) {
      const error = await releases.publish(publication).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PublicationError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await releases.latestOfEach()).toEqual([]);
    const storedAfter = fs.existsSync(products) ? fs.readdirSync(products, { recursive: true }).length : 0;
    expect(storedAfter).toBe(storedBefore);
  });

  test('makes the published file the latest, whatever its version string', async () => {
    await publish('software-9', '9.10.0');
    const later = await publish('software-9', '9.9.1', undefined, 'hotfix');
    expect((await ctx.app.services.releases.latest('software-9', null))?.id).toBe(later.id);
    expect(await ctx.app.services.storage.exists(later.file_key)).toBe(true);
  });
});
