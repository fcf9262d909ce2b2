import { Readable } from 'node:stream';
import { documentTexts } from '@lizenzportal/domain';
import {
  ParseSpeeds,
  PDFContext,
  PDFCrossRefSection,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFObjectCopier,
  PDFRef,
  PDFTrailer,
  PDFTrailerDict,
} from 'pdf-lib';

const CATALOG = PDFRef.of(1);
const PAGES = PDFRef.of(2);
const INFO = PDFRef.of(3);
const FIRST_FREE_NUMBER = 4;

interface Serializable {
  sizeInBytes(): number;
  copyBytesInto(buffer: Uint8Array, offset: number): number;
}

/**
 * One PDF made of the pages of many, written while it is read: each source document is parsed,
 * its pages with everything they use are copied (pdf-lib's object copier, renumbered after the
 * objects already written) and written out at once; only the page list and the cross-reference
 * offsets are kept until the end. pdf-lib's own `save()` would hold the whole result in memory
 * and send nothing before the last page is merged.
 */
export function mergedPdfStream(documents: AsyncIterable<Uint8Array>, title: string): Readable {
  return Readable.from(mergedPdfChunks(documents, title), { objectMode: false });
}

async function* mergedPdfChunks(documents: AsyncIterable<Uint8Array>, title: string): AsyncGenerator<Buffer> {
  const offsets: number[] = [];
  const pages: PDFRef[] = [];
  let written = 0;
  let largestObjectNumber = FIRST_FREE_NUMBER - 1;
  /** Serializes indirect objects, noting where each one starts in the output. */
  const objects = (entries: [PDFRef, PDFObject][]): Buffer => {
    const parts: Buffer[] = [];
    let position = written;
    for (const [ref, object] of entries) {
      offsets[ref.objectNumber] = position;
      const part = Buffer.concat([
        Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'),
        bytesOf(object),
        Buffer.from('\nendobj\n\n', 'latin1'),
      ]);
      parts.push(part);
      position += part.length;
    }
    return Buffer.concat(parts);
  };
  const emit = (chunk: Buffer): Buffer => {
    written += chunk.length;
    return chunk;
  };

  yield emit(Buffer.concat([bytesOf(PDFHeader.forVersion(1, 7)), Buffer.from('\n\n', 'latin1')]));
  for await (const bytes of documents) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
    const target = PDFContext.create();
    target.largestObjectNumber = largestObjectNumber;
    const copier = PDFObjectCopier.for(source.context, target);
    for (const page of source.getPages()) {
      const copy = copier.copy(page.node);
      copy.set(PDFName.of('Parent'), PAGES);
      pages.push(target.register(copy));
    }
    largestObjectNumber = target.largestObjectNumber;
    yield emit(objects(target.enumerateIndirectObjects()));
  }

  const context = PDFContext.create();
  yield emit(
    objects([
      [CATALOG, context.obj({ Type: 'Catalog', Pages: PAGES })],
      [PAGES, context.obj({ Type: 'Pages', Kids: pages, Count: pages.length })],
      [
        INFO,
        context.obj({ Title: PDFHexString.fromText(title), Producer: documentTexts.shared.application }),
      ],
    ]),
  );
  const xref = PDFCrossRefSection.create();
  for (let number = 1; number <= largestObjectNumber; number++) {
    const offset = offsets[number];
    if (offset === undefined) xref.addDeletedEntry(PDFRef.of(number), 0);
    else xref.addEntry(PDFRef.of(number), offset);
  }
  const trailer = PDFTrailerDict.of(
    context.obj({ Size: largestObjectNumber + 1, Root: CATALOG, Info: INFO }),
  );
  yield Buffer.concat([
    bytesOf(xref),
    Buffer.from('\n', 'latin1'),
    bytesOf(trailer),
    Buffer.from('\n\n', 'latin1'),
    bytesOf(PDFTrailer.forLastCrossRefSectionOffset(written)),
  ]);
}

function bytesOf(object: Serializable): Buffer {
  const buffer = Buffer.alloc(object.sizeInBytes());
  object.copyBytesInto(buffer, 0);
  return buffer;
}
