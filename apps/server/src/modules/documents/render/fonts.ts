import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * What pdfkit accepts as a font: the name of one of the 14 standard PDF fonts (WinAnsi only, not
 * embedded) or a parsed TrueType font, which pdfkit subsets and embeds.
 */
export type PdfFont = string | fontkit.Font;

/** The two faces the portal's documents use. */
export interface FontSet {
  regular: PdfFont;
  bold: PdfFont;
}

/** Distinct words whose layout is kept; beyond that the oldest are dropped (holder names, keys). */
const LAYOUT_CACHE_SIZE = 20_000;
/** Distinct font subsets kept encoded; documents with the same glyphs share one. */
const SUBSET_CACHE_SIZE = 200;
/**
 * Characters every document's font subsets hold, in this order (see `primeSubsets`): the fixed
 * texts, keys, codes and most names use no others.
 */
const BASE_CHARACTERS =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~' +
  'ÄÖÜäöüß€§°–—„“”‚‘’…•·×';

let unicodeFonts: FontSet | undefined;

/**
 * DejaVu Sans (Latin, Greek, Cyrillic, Vietnamese, …), so holder names like „Nguyễn Thị Ørsted”
 * print as written. Parsed once per process: parsing a TrueType file per document costs more than
 * rendering the whole document.
 */
export function loadUnicodeFonts(): FontSet {
  if (!unicodeFonts) {
    const directory = path.join(
      path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
      'ttf',
    );
    const load = (file: string) =>
      withSharedCaches(fontkit.create(fs.readFileSync(path.join(directory, file))) as fontkit.Font);
    unicodeFonts = { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };
  }
  return unicodeFonts;
}

/** pdfkit's built-in fonts: no embedding, WinAnsi characters only (the benchmark's floor). */
export const STANDARD_FONTS: FontSet = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * The font with its text layout and its encoded subsets remembered across documents.
 *
 * Text layout (OpenType shaping) is the costliest step of setting text. pdfkit lays out word by word and caches per document only, yet most words recur
 * in every document. pdfkit scales the positions of a run in place, so each call gets its own copy
 * of them; glyphs are only read. pdfkit reads `glyphs`, `positions` and `advanceWidth` of a run.
 */
function withSharedCaches(font: fontkit.Font): fontkit.Font {
  const runs = new Map<string, fontkit.GlyphRun>();
  const layout = (text: string, features?: Parameters<fontkit.Font['layout']>[1]): fontkit.GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = runs.get(text);
    if (!run) {
      run = font.layout(text);
      if (runs.size >= LAYOUT_CACHE_SIZE) runs.delete(runs.keys().next().value!);
      runs.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    const copy = {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
    return copy as unknown as fontkit.GlyphRun;
  };
  const createSubset = cachedSubsets(font);
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      if (property === 'createSubset') return createSubset;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * pdfkit embeds a subset of the font per document, and encoding it (decoding each glyph, writing
 * the tables) costs as much as the rest of the document. Subsets with the same glyphs in the same
 * order are equal, so each is encoded once; `primeSubsets` makes most documents' subsets equal.
 */
function cachedSubsets(font: fontkit.Font): () => fontkit.Subset {
  const encoded = new Map<string, Uint8Array>();
  return () => {
    const subset = font.createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = (subset as unknown as { glyphs: number[] }).glyphs.join(',');
      let bytes = encoded.get(key);
      if (!bytes) {
        bytes = encode();
        if (encoded.size >= SUBSET_CACHE_SIZE) encoded.delete(encoded.keys().next().value!);
        encoded.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };
}

/**
 * Puts the base characters first into the document's subset of each embedded font, in the same
 * order every time: documents whose texts use no other characters then embed one and the same
 * subset, encoded once per process. pdfkit offers no public call for this; `_font.encode` is what
 * its text drawing uses to add glyphs to the subset.
 */
export function primeSubsets(
  doc: PDFKit.PDFDocument,
  fonts: FontSet,
  names: { regular: string; bold: string },
): void {
  for (const face of ['regular', 'bold'] as const) {
    if (typeof fonts[face] === 'string') continue;
    doc.font(names[face]);
    (doc as unknown as { _font: { encode(text: string): unknown } })._font.encode(BASE_CHARACTERS);
  }
}
