import { buffer } from 'node:stream/consumers';
import type { License } from '@lizenzportal/domain';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createFileStorage } from '../../lib/storage/create-file-storage.ts';
import { useTestApp } from '../../test/app.ts';
import { brandingFromConfig } from './render/branding.ts';
import { loadUnicodeFonts } from './render/fonts.ts';
import { DocumentRenderer, type RenderTask } from './render/document-renderer.ts';
import { DocumentRepository } from './repository.ts';
import { DOCUMENT_FILE_ROUTE, DocumentService } from './service.ts';
import { FileUrlSigner } from '../../lib/signed-urls.ts';
import { bindLicenses, createLicenses, pdfText } from './test-fixtures.ts';

const ctx = useTestApp();

/** A service whose renderer runs `beforeRender` first: a stand-in for whatever happens meanwhile. */
function serviceWith(beforeRender: (license: License) => Promise<void> = async () => {}) {
  const renderer = new DocumentRenderer({
    branding: brandingFromConfig(ctx.config),
    fonts: loadUnicodeFonts(),
  });
  const storage = createFileStorage(ctx.config);
  const service = new DocumentService({
    repository: new DocumentRepository(ctx.database.db),
    storage,
    renderer: {
      render: async (task: RenderTask) => {
        if ('license' in task) await beforeRender(task.license as License);
        return renderer.render(task);
      },
    } as DocumentRenderer,
    urls: new FileUrlSigner({
      secret: 'x'.repeat(48),
      publicUrl: ctx.config.publicUrl,
      route: DOCUMENT_FILE_ROUTE,
      lifetimeSeconds: 300,
    }),
  });
  return { service, storage };
}

describe('document generation for the job queue', () => {
  test('two concurrent generations both succeed; the later one is the license’s document', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { service, storage } = serviceWith();
    const results = await Promise.all([
      service.generateStarterDocument(license!._id),
      service.generateStarterDocument(license!._id),
    ]);
    const keys = results.map((result) => result.starterDocument);
    expect(new Set(keys).size).toBe(2);
    const row = await ctx.database.db
      .selectFrom('license')
      .select(['starter_document', 'updated_at'])
      .where('id', '=', license!._id)
      .executeTakeFirstOrThrow();
    const latest = results.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
    expect(row.starter_document).toBe(latest.starterDocument);
    for (const key of keys) expect(await storage.exists(key!)).toBe(true);
  });

  test('renders again when the license changes while its document is rendered', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    await bindLicenses(ctx.database.db, [license!._id], 'Erster Name GmbH');
    const rendered: string[] = [];
    const { service, storage } = serviceWith(async (current) => {
      rendered.push(current.holder.name!);
      if (rendered.length === 1) {
        await ctx.database.db
          .updateTable('license')
          .set({
            holder_name: 'Zweiter Name GmbH',
            authentication_code: 'Zweiter Name GmbH',
            updated_at: sql`now()`,
          })
          .where('id', '=', license!._id)
          .execute();
      }
    });
    const updated = await service.generateLicenseDocument(license!._id);
    expect(rendered).toEqual(['Erster Name GmbH', 'Zweiter Name GmbH']);
    const text = await pdfText(await buffer((await storage.get(updated.licenseDocument!)).stream));
    expect(text).toContain('Zweiter Name GmbH');
    expect(text).not.toContain('Erster Name GmbH');
  });

  test('refuses by the rules with a CONFLICT and an unknown license with NOT_FOUND', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { service } = serviceWith();
    await expect(service.generateLicenseDocument(license!._id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await bindLicenses(ctx.database.db, [license!._id]);
    await expect(service.generateStarterDocument(license!._id)).rejects.toBeInstanceOf(AppError);
    await expect(service.generateStarterDocument(license!._id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      service.generateLicenseDocument('3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const first = await service.generateLicenseDocument(license!._id);
    const second = await service.generateLicenseDocument(license!._id);
    expect(second).toMatchObject({ _id: license!._id, status: 'bound' });
    expect(second.licenseDocument).toMatch(/\.pdf$/);
    expect(second.licenseDocument).not.toBe(first.licenseDocument);
  });

  test('ensure() keeps a stored document and generates a missing or lost one', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { service, storage } = serviceWith();
    const generated = await service.ensure(license!._id, 'starter');
    expect(await service.ensure(license!._id, 'starter')).toBe(generated);
    await storage.delete(generated);
    const replaced = await service.ensure(license!._id, 'starter');
    expect(replaced).not.toBe(generated);
    expect(await storage.exists(replaced)).toBe(true);
    await expect(service.ensure(license!._id, 'license')).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('files of generations that died', () => {
  test('the sweep removes a file no license points at once its upload is old, and nothing else', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { service, storage } = serviceWith();
    const kept = (await service.generateStarterDocument(license!._id)).starterDocument!;
    // What a process killed between storing a document and pointing its license at it leaves.
    const abandoned = `licenses/${license!._id}/starter-20250101T000000000Z-abcdef.pdf`;
    await new DocumentRepository(ctx.database.db).recordPendingUpload(abandoned);
    await storage.put(abandoned, Buffer.from('%PDF-1.7'), 'application/pdf');

    expect(await service.sweepAbandonedUploads()).toBe(0);
    expect(await storage.exists(abandoned)).toBe(true);
    expect(await service.sweepAbandonedUploads(0)).toBe(1);
    expect(await storage.exists(abandoned)).toBe(false);
    expect(await storage.exists(kept)).toBe(true);
    const { rows } = await sql`select key from pending_upload`.execute(ctx.database.db);
    expect(rows).toEqual([]);
  });

  test('a generation whose upload the sweep took meanwhile does not point at the removed file: it renders again', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { service, storage } = serviceWith();
    const sweptKeys: string[] = [];
    const put = storage.put.bind(storage);
    storage.put = async (key, body, contentType) => {
      await put(key, body, contentType);
      // The first upload is taken for abandoned right after it was stored.
      if (sweptKeys.length === 0) {
        sweptKeys.push(key);
        await service.sweepAbandonedUploads(0);
      }
    };
    const { starterDocument } = await service.generateStarterDocument(license!._id);
    expect(starterDocument).not.toBe(sweptKeys[0]);
    expect(await storage.exists(starterDocument!)).toBe(true);
    expect(await storage.exists(sweptKeys[0]!)).toBe(false);
  });
});
