import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRawStream } from 'pdf-lib';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pdfText, UNICODE_HOLDER } from '../test-fixtures.ts';
import { loadUnicodeFonts } from './fonts.ts';
import { DocumentRenderer } from './document-renderer.ts';
import { bound, branding, createdAt, license } from './render-test-fixtures.ts';

const fonts = loadUnicodeFonts() as { regular: fontkit.Font; bold: fontkit.Font };
const renderer = new DocumentRenderer({ branding, fonts });

/** The embedded font files of a PDF: their bytes as stored and as decoded. */
async function fontFiles(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
    )
    .map(([, descriptor]) => {
      const file = pdf.context.lookup((descriptor as PDFDict).get(PDFName.of('FontFile2'))) as PDFRawStream;
      return {
        declaredLength: file.dict.lookup(PDFName.of('Length1'), PDFNumber).asNumber(),
        decoded: decodePDFRawStream(file).decode(),
      };
    });
}

afterEach(() => vi.restoreAllMocks());

describe('font work shared across documents', () => {
  test('embeds each font as a compressed TrueType subset of the glyphs used', async () => {
    for (const bytes of [
      await renderer.render({ kind: 'starter', license: license(), createdAt }),
      await renderer.render({ kind: 'starter', license: license({ key: 'ZZZZ2345WXYZ' }), createdAt }),
      await renderer.render({ kind: 'license', license: bound, createdAt }),
    ]) {
      const files = await fontFiles(bytes);
      expect(files).toHaveLength(2);
      for (const { declaredLength, decoded } of files) {
        expect(decoded.length).toBe(declaredLength);
        const subset = fontkit.create(Buffer.from(decoded)) as fontkit.Font;
        expect(subset.numGlyphs).toBeGreaterThan(100);
      }
    }
  });

  test('a document like an earlier one lays out, encodes and compresses no font data again', async () => {
    await renderer.render({ kind: 'license', license: bound, createdAt });
    const layouts = [vi.spyOn(fonts.regular, 'layout'), vi.spyOn(fonts.bold, 'layout')];
    const encodings = vi.spyOn(
      Object.getPrototypeOf(fonts.regular.createSubset()) as fontkit.Subset,
      'encode',
    );
    const deflated: Buffer[] = [];
    const deflate = zlib.deflateSync;
    vi.spyOn(zlib, 'deflateSync').mockImplementation((data, options) => {
      deflated.push(Buffer.from(data as Uint8Array));
      return deflate(data, options);
    });

    const bytes = await renderer.render({ kind: 'license', license: bound, createdAt });

    expect(await pdfText(bytes)).toContain(UNICODE_HOLDER);
    for (const layout of layouts) expect(layout).not.toHaveBeenCalled();
    expect(encodings).not.toHaveBeenCalled();
    // What is still compressed per document is its page content: no font file, no ToUnicode map.
    expect(deflated.length).toBeGreaterThan(0);
    for (const data of deflated) {
      expect(data.readUInt32BE(0)).not.toBe(0x00010000);
      expect(data.toString('latin1')).not.toContain('/CIDInit');
    }
  });
});
