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
      withSharedLayoutCache(fontkit.create(fs.readFileSync(path.join(directory, file))) as fontkit.Font);
    unicodeFonts = { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };
  }
  return unicodeFonts;
}

/** pdfkit's built-in fonts: no embedding, WinAnsi characters only (the benchmark's floor). */
export const STANDARD_FONTS: FontSet = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/**
 * The font with its text layout (OpenType shaping: the costliest step of setting text) remembered
 * across documents. pdfkit lays out word by word and caches per document only, yet most words recur
 * in every document. pdfkit scales the positions of a run in place, so each call gets its own copy
 * of them; glyphs are only read. pdfkit reads `glyphs`, `positions` and `advanceWidth` of a run.
 */
function withSharedLayoutCache(font: fontkit.Font): fontkit.Font {
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
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
