import { buffer } from 'node:stream/consumers';
import { sql, type Kysely } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import yauzl from 'yauzl';
import type { DB } from '../../db/schema.ts';
import type { LicenseService } from '../licenses/index.ts';

/** Test support of the documents module: licenses straight in the database, PDF text. */

export const UNICODE_HOLDER = 'Nguyễn Thị Ørsted';

export async function createLicenses(
  service: LicenseService,
  count: number,
  properties: { class?: 'pro' | 'personal'; delivery?: 'download' | 'dvd' } = {},
): Promise<{ _id: string; key: string; startCode: string }[]> {
  const created = [];
  for (let done = 0; done < count; done += 50) {
    created.push(
      ...(await service.create(
        {
          version: '9',
          properties: {
            class: properties.class ?? 'pro',
            size: 5,
            type: 'full',
            delivery: properties.delivery ?? 'download',
            dvdCount: 1,
          },
          specialPermissions: [],
          notes: null,
          generateStarterDocument: false,
          count: Math.min(50, count - done),
        },
        { typeOfEntry: 'manual', entryReference: 'test' },
      )),
    );
  }
  return created;
}

/** Binds licenses as the holder binding does: the holder name becomes the authentication code. */
export async function bindLicenses(
  db: Kysely<DB>,
  ids: readonly string[],
  holderName = UNICODE_HOLDER,
): Promise<void> {
  await db
    .updateTable('license')
    .set({
      status: 'bound',
      holder_type: 'organization',
      holder_name: holderName,
      holder_email: 'lizenz@example.com',
      holder_contact: 'Łukasz Çelik',
      authentication_code: holderName,
      bound_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', 'in', ids)
    .execute();
}

/** The text of a PDF as a reader extracts it, pages joined, line breaks and runs of spaces as one space. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes over the buffer it is given: hand it a copy.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The text of chosen pages (1-based) of a long PDF, without extracting every page. */
export async function pageTexts(bytes: Uint8Array, pageNumbers: readonly number[]): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const texts = [];
  for (const number of pageNumbers) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  return texts;
}

export interface PlacedText {
  text: string;
  x: number;
  /** The baseline, in points from the bottom of the page. */
  y: number;
  width: number;
  height: number;
}

/** The pieces of text of a PDF page with their positions, as a reader lays them out. */
export async function placedTexts(bytes: Uint8Array, pageNumber = 1): Promise<PlacedText[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [
          {
            text: item.str,
            x: item.transform[4],
            y: item.transform[5],
            width: item.width,
            height: item.height,
          },
        ]
      : [],
  );
}

/** The entries of a ZIP file in archive order. */
export function unzip(bytes: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: { name: string; data: Buffer }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          buffer(stream).then((data) => {
            entries.push({ name: entry.fileName, data });
            zip.readEntry();
          }, reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** An async source that counts how many items were taken from it. */
export function counted<T>(items: T[]) {
  const state = { taken: 0 };
  async function* source() {
    for (const item of items) {
      state.taken++;
      yield item;
    }
  }
  return { state, iterator: source() };
}
