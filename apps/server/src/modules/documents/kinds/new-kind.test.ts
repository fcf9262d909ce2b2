import { buffer } from 'node:stream/consumers';
import { formatLicenseKey, type DocumentType } from '@lizenzportal/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { FileUrlSigner } from '../../../lib/signed-urls.ts';
import { useTestApp } from '../../../test/app.ts';
import type { Mailer, OutgoingMail } from '../../deliveries/mailer.ts';
import { DeliveryService, documentsLinks } from '../../deliveries/service.ts';
import { BatchDownloadService } from '../batch/batch-download.ts';
import { brandingFromConfig } from '../render/branding.ts';
import { DocumentRenderer } from '../render/document-renderer.ts';
import { loadUnicodeFonts } from '../render/fonts.ts';
import { PdfBuilder } from '../render/pdf-builder.ts';
import { DocumentRepository } from '../repository.ts';
import { DOCUMENT_FILE_ROUTE, DocumentService } from '../service.ts';
import { createLicenses, pdfText, unzip } from '../test-fixtures.ts';
import type { DocumentKind, KindTask } from './kind.ts';
import { DOCUMENT_KINDS } from './registry.ts';

/**
 * A kind of document that only this file knows: a license's receipt, pointed at from a table of
 * its own. Written as a new kind is (one file), registered with one line: the documents module
 * renders, stores and finds it, a delivery mails it and a batch download bundles it, none of them
 * changed for it.
 */
interface Receipt {
  id: string;
  key: string;
  document: string | null;
}

interface ReceiptTask extends KindTask<'receipt'> {
  licenseKey: string;
}

const RECEIPT_LINE = 'Der Empfang dieser Lizenz wird bestätigt.';

const receiptKind: DocumentKind<Receipt, ReceiptTask> = {
  name: 'receipt',
  folder: 'receipts',
  record: 'license',
  notGenerated: 'Für diese Lizenz gibt es noch keine Empfangsbestätigung.',
  async load(db, ids) {
    if (ids.length === 0) return [];
    const { rows } = await sql<Receipt>`
      select license.id, license.key, receipt.document from license
      left join receipt on receipt.license = license.id
      where license.id in (${sql.join(ids)})`.execute(db);
    return rows.map((owner) => ({ owner, version: owner.document }));
  },
  id: (receipt) => receipt.id,
  storedKey: (receipt) => receipt.document,
  refusal: () => null,
  task: async (_db, receipt, now) => ({ kind: 'receipt', licenseKey: receipt.key, createdAt: now }),
  render: (style, { licenseKey, createdAt }) =>
    new PdfBuilder(style, { title: 'Empfangsbestätigung', subject: licenseKey, createdAt })
      .title('Empfangsbestätigung', formatLicenseKey(licenseKey))
      .paragraph(RECEIPT_LINE)
      .finish(),
  example: (createdAt) => ({ kind: 'receipt', licenseKey: 'A1B2C3D4E5F6G7H8', createdAt }),
  async point(transaction, { owner, version }, key) {
    const { rows } = await sql<{ document: string }>`
      insert into receipt (license, document) values (${owner.id}, ${key})
      on conflict (license) do update set document = excluded.document
      where receipt.document is not distinct from ${version}
      returning document`.execute(transaction);
    return rows[0] && { ...owner, document: rows[0].document };
  },
  changes: async () => [],
  fileName: (receipt) => `Empfangsbestätigung_${formatLicenseKey(receipt.key)}.pdf`,
  label: (receipt) => formatLicenseKey(receipt.key),
  mail: {
    owners: (records) => records.licenses,
    facts: async (_db, receipts) => ({
      documentWord: receipts.length > 1 ? 'die Empfangsbestätigungen' : 'die Empfangsbestätigung',
      licenses: [],
      offer: null,
    }),
  },
  batch: { fileName: 'Empfangsbestätigungen', unknown: (ids) => `Unbekannt: ${ids}.` },
};

/** The registry line. */
const kinds = DOCUMENT_KINDS.with(receiptKind);

const ctx = useTestApp();

beforeAll(async () => {
  // The table the kind points from: the kind's own data, not its registration (a delivery's
  // document type is checked by the registry, not by the database).
  await sql`
    create table receipt (license uuid primary key references license (id), document text);
  `.execute(ctx.database.db);
});

function documentsOfAllKinds() {
  const documents = new DocumentService({
    repository: new DocumentRepository(ctx.database.db),
    storage: ctx.app.services.storage,
    renderer: new DocumentRenderer(
      { branding: brandingFromConfig(ctx.config), fonts: loadUnicodeFonts() },
      kinds.layouts,
    ),
    urls: new FileUrlSigner({
      secret: 'x'.repeat(48),
      publicUrl: ctx.config.publicUrl,
      route: DOCUMENT_FILE_ROUTE,
      lifetimeSeconds: 300,
    }),
    kinds,
  });
  return { documents, batch: new BatchDownloadService({ documents, kinds }) };
}

describe('a kind of document registered in one line', () => {
  test('is rendered, stored under its owner and found again as its current document', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { documents } = documentsOfAllKinds();

    const made = await documents.make<Receipt>('receipt', license!._id);
    expect(made.key).toMatch(
      new RegExp(`^receipts/${license!._id}/receipt-\\d{8}T\\d{9}Z-[0-9a-f]{6}\\.pdf$`),
    );
    expect(await pdfText(made.bytes)).toContain(RECEIPT_LINE);
    const stored = await ctx.app.services.storage.get(made.key);
    expect(Buffer.from(await buffer(stored.stream)).equals(Buffer.from(made.bytes))).toBe(true);

    expect(await documents.ensure(license!._id, 'receipt')).toBe(made.key);
    const [loaded] = await documents.load<Receipt>('receipt', [license!._id]);
    expect((await documents.current('receipt', loaded!)).key).toBe(made.key);
    const url = new URL(await documents.urlForKey(made.key));
    expect(url.searchParams.get('name')).toBe(`Empfangsbestätigung_${formatLicenseKey(license!.key)}.pdf`);
  });

  test('is mailed by a delivery that names the kind, attached under its file name', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const { documents } = documentsOfAllKinds();
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: async (mail, options) => {
        await options?.beforeHandover?.();
        sent.push(mail);
      },
      close: () => {},
    };
    const { services } = ctx.app;
    const deliveries = new DeliveryService({
      db: ctx.database.db,
      licenses: services.licenses,
      orderGenerations: services.orderGenerations,
      queue: services.queue,
      documents,
      mailer,
      settings: {
        portalUrl: ctx.config.publicUrl,
        supportEmail: 'support@example.com',
        vendorName: 'Test',
        shopUrl: '',
      },
      links: documentsLinks({
        secret: 'test-secret-of-the-documents-links-0123',
        publicUrl: ctx.config.publicUrl,
        attachmentLimitBytes: ctx.config.deliveryAttachmentLimitBytes,
      }),
      log: ctx.app.log,
    });

    const delivery = await deliveries.create({
      occasion: 'manual',
      documentType: 'receipt' as DocumentType,
      licenseIds: [license!._id],
      recipient: 'kunde@example.com',
      recipientName: null,
    });
    await deliveries.send(delivery._id);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Im Anhang finden Sie die Empfangsbestätigung (PDF).');
    const [attachment] = sent[0]!.attachments;
    expect(attachment!.filename).toBe(`Empfangsbestätigung_${formatLicenseKey(license!.key)}.pdf`);
    expect(await pdfText(attachment!.content)).toContain(RECEIPT_LINE);
    const [loaded] = await documents.load<Receipt>('receipt', [license!._id]);
    expect(await deliveries.get(delivery._id)).toMatchObject({
      progress: 'completed',
      documents: [loaded!.owner.document],
    });
  });

  test('is bundled by a batch download, missing documents made on the way', async () => {
    const licenses = await createLicenses(ctx.app.services.licenses, 3);
    const { documents, batch } = documentsOfAllKinds();
    const first = await documents.make('receipt', licenses[0]!._id);

    const owners = await batch.prepare(
      'receipt',
      licenses.map((license) => license._id),
    );
    const download = batch.open('receipt', 'zip', owners);
    expect(download.fileName).toMatch(/^\d{4}-\d{2}-\d{2}_Empfangsbestätigungen\.zip$/);
    const entries = await unzip(await buffer(download.stream));
    expect(entries.map((entry) => entry.name)).toEqual(
      licenses.map((license) => `${formatLicenseKey(license.key)}.pdf`),
    );
    expect(entries[0]!.data.equals(Buffer.from(first.bytes))).toBe(true);
    for (const entry of entries) expect(await pdfText(entry.data)).toContain(RECEIPT_LINE);
    const made = await documents.load<Receipt>(
      'receipt',
      licenses.map((license) => license._id),
    );
    expect(made.every(({ owner }) => owner.document !== null)).toBe(true);
  });
});
