import { buffer } from 'node:stream/consumers';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { counted, pageTexts } from '../test-fixtures.ts';
import { mergedPdfStream } from './merged-pdf.ts';

/** A PDF with one page per label; `inheritSize` moves the page size up to the page tree. */
async function samplePdf(labels: string[], inheritSize = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const label of labels) pdf.addPage([400, 300]).drawText(label, { x: 40, y: 150, size: 20, font });
  if (inheritSize) {
    const box = pdf.getPage(0).node.get(PDFName.of('MediaBox'))!;
    for (const page of pdf.getPages()) page.node.delete(PDFName.of('MediaBox'));
    pdf.catalog.Pages().set(PDFName.of('MediaBox'), box);
  }
  return pdf.save();
}

describe('merged PDF stream', () => {
  test('contains every page of every document in order, inherited page sizes included', async () => {
    const documents = [
      await samplePdf(['one']),
      await samplePdf(['two', 'three'], true),
      await samplePdf(['four']),
    ];
    const bytes = await buffer(mergedPdfStream(counted(documents).iterator, 'Test'));
    const merged = await PDFDocument.load(bytes);
    expect(merged.getPageCount()).toBe(4);
    expect(merged.getPages().map((page) => page.getSize())).toEqual(
      Array(4).fill({ width: 400, height: 300 }),
    );
    expect(merged.getTitle()).toBe('Test');
    expect(await pageTexts(bytes, [1, 2, 3, 4])).toEqual(['one', 'two', 'three', 'four']);
  });

  test('sends its first bytes before reading past the first document', async () => {
    const document = await samplePdf(['x']);
    const source = counted(Array(50).fill(document));
    const stream = mergedPdfStream(source.iterator, 'Test');
    const first = await stream[Symbol.asyncIterator]().next();
    expect(Buffer.from(first.value).toString('latin1')).toMatch(/^%PDF-1\.7/);
    expect(source.state.taken).toBeLessThanOrEqual(1);
    stream.destroy();
  });
});
